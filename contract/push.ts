import { z } from './zod';
import { messages } from './messages';
import { text } from './text';

/**
 * Web Push (RFC 8030, VAPID RFC 8292): the device registers one subscription per browser,
 * and the server sends encrypted messages (RFC 8291) through the browser's push service.
 * The service worker (workers/sw.ts) shows what a message says without knowing any feature:
 * the payload carries everything it shows and where a click goes.
 */

/** `GET /api/v1/push/key`: the installation's VAPID public key (base64url), for `pushManager.subscribe`. */
export const pushKeyResponse = z.object({ public_key: z.string() });
export type PushKeyResponse = z.infer<typeof pushKeyResponse>;

/**
 * `POST /api/v1/push/subscriptions` (signed in): `PushSubscription.toJSON()` of this
 * browser. One row per endpoint: the same browser signing in as someone else moves it.
 */
export const pushSubscriptionArgs = z.object(
  {
    endpoint: z.url({ protocol: /^https?$/, error: messages.pushSubscriptionInvalid }).max(2000, { error: messages.pushSubscriptionInvalid }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        p256dh: text({ max: 200, error: messages.pushSubscriptionInvalid }).regex(/^[A-Za-z0-9_-]+=*$/, { error: messages.pushSubscriptionInvalid }),
        auth: text({ max: 100, error: messages.pushSubscriptionInvalid }).regex(/^[A-Za-z0-9_-]+=*$/, { error: messages.pushSubscriptionInvalid }),
      },
      { error: messages.pushSubscriptionInvalid },
    ),
  },
  { error: messages.pushSubscriptionInvalid },
);
export type PushSubscriptionArgs = z.infer<typeof pushSubscriptionArgs>;

/**
 * `POST /api/v1/push/subscriptions/renew`, from the service worker when the push service
 * replaced the browser's subscription (`pushsubscriptionchange`). The worker holds no
 * session token, so the old subscription's endpoint and auth secret (16 random bytes only
 * the browser and this server know; the push service never sees it) prove it is that
 * browser. The member's row moves to the new subscription.
 */
export const pushRenewArgs = z.object({
  old_endpoint: z.string().max(2000),
  old_auth: z.string().max(100),
  subscription: pushSubscriptionArgs,
});
export type PushRenewArgs = z.infer<typeof pushRenewArgs>;

/** `DELETE /api/v1/push/subscriptions`: this browser's endpoint. */
export const pushUnsubscribeArgs = z.object({ endpoint: z.string().max(2000) });

/**
 * What a push message carries (JSON, encrypted). The service worker shows `title` and
 * `body`; `tag` replaces an earlier message of the same tag; `requireInteraction` keeps an
 * emergency alert on screen until the person acts; a click opens `url` (same origin),
 * focusing a window of the app when one is open. `badge` is the member's unread count,
 * for the installed app's icon.
 */
export const pushPayload = z.object({
  title: z.string().max(200),
  body: z.string().max(1000),
  /** A path of the app, e.g. `/notifications?notification=<id>`. */
  url: z.string().startsWith('/'),
  tag: z.string().max(100),
  requireInteraction: z.boolean(),
  emergency: z.boolean(),
  badge: z.number().int().min(0).optional(),
  /** ISO timestamp of what it announces. */
  timestamp: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;
