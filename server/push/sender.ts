import type { PushPayload } from '../../contract/push';

/** One push message for one member: sent to every browser they subscribed. */
export interface PushMessage {
  userId: string;
  payload: PushPayload;
  /** RFC 8030 `Urgency`: `high` for emergency alerts (a phone in power saving wakes for them). */
  urgency: 'high' | 'normal';
  /** How long the push service keeps it for a device that is off, in seconds. */
  ttlSeconds: number;
}

/** What the push service did with one member's message. */
export interface PushOutcome {
  /** Devices (subscriptions) the push service accepted it for. */
  accepted: number;
  /** Subscriptions of the member at the time. */
  devices: number;
}

/**
 * Sends Web Push messages (server/push/webPushSender.ts, with `web-push`): encrypted for
 * each subscription of the college's members, VAPID-signed, a bounded number in flight.
 * Subscriptions the push service answers 404 or 410 for are deleted. Never throws for a
 * refused device: the outcome counts what was accepted.
 */
export interface PushSender {
  send(collegeId: string, messages: readonly PushMessage[]): Promise<Map<string, PushOutcome>>;
}
