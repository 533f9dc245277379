import type { PushSubscriptionArgs } from '../../contract/push';
import { requestJson, requestVoid } from '../api/client';

/** Web Push's routes (server/push/pushRoutes.ts). The zod schemas load on first use, with the profile. */

/** The installation's VAPID public key (base64url), which `pushManager.subscribe` needs. */
export async function fetchPushKey(): Promise<string> {
  const { pushKeyResponse } = await import('../../contract/push');
  return requestJson('get', 'api/v1/push/key', (data) => pushKeyResponse.parse(data).public_key);
}

/** Registers this browser's subscription for the signed-in member (replacing whoever had it). */
export async function sendSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  const { pushSubscriptionArgs } = await import('../../contract/push');
  const args: PushSubscriptionArgs = pushSubscriptionArgs.parse(subscription);
  await requestVoid('post', 'api/v1/push/subscriptions', { json: args });
}

/** Forgets this browser for the signed-in member. */
export function deleteSubscription(endpoint: string): Promise<void> {
  return requestVoid('delete', 'api/v1/push/subscriptions', { json: { endpoint } });
}
