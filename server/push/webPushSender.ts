import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { Database } from '../db/client';
import { pushSubscriptions } from './schema';
import type { PushMessage, PushOutcome, PushSender } from './sender';
import type { VapidKeys } from './vapidKeys';

export interface WebPushOptions {
  /** Requests in flight at once, over all subscriptions (default 64). */
  concurrency?: number;
  /** Per request (default 10 s): a push service that hangs must not hold the job. */
  timeoutMs?: number;
}

/** Refusals in a row after which a subscription is dropped (404/410 drop it at once). */
const mostFailures = 5;
/** Members read per query (an `= any($1)` of uuids). */
const membersPerRead = 1000;

/**
 * The PushSender of a real installation. `web-push` encrypts each payload for its
 * subscription (RFC 8291, aes128gcm) and signs the VAPID header (once per push service,
 * reused for hours); the request itself goes out with fetch, which pools connections to
 * each push service (one TLS handshake for thousands of messages to FCM) and speaks plain
 * HTTP to a push service on loopback in tests.
 */
export function createWebPushSender(db: Database, keys: VapidKeys, log: FastifyBaseLogger, options: WebPushOptions = {}): PushSender {
  const concurrency = options.concurrency ?? 64;
  const timeoutMs = options.timeoutMs ?? 10_000;

  /**
   * The VAPID header per push service (its origin is the JWT's audience), signed once and
   * reused for hours: signing it for every message (what `webPush.generateRequestDetails`
   * does) cost twice the encryption itself, and one alert goes to thousands of browsers of
   * the same service (bench:push-fanout).
   */
  const signed = new Map<string, { authorization: string; renewAt: number }>();
  const vapidHeaderFor = (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const cached = signed.get(audience);
    if (cached && cached.renewAt > now) return cached.authorization;
    // Valid 12 hours (push services take up to 24); a new one after 11.
    const expiration = Math.floor(now / 1000) + 12 * 3600;
    const { Authorization } = webPush.getVapidHeaders(audience, keys.subject, keys.publicKey, keys.privateKey, 'aes128gcm', expiration);
    signed.set(audience, { authorization: Authorization, renewAt: now + 11 * 3600 * 1000 });
    return Authorization;
  };

  async function deliver(subscription: typeof pushSubscriptions.$inferSelect, message: PushMessage): Promise<'accepted' | 'gone' | 'failed'> {
    try {
      // RFC 8291 (aes128gcm: the salt and the sender's key travel in the body) and RFC 8030's headers.
      const { cipherText } = webPush.encrypt(subscription.p256dh, subscription.auth, JSON.stringify(message.payload), 'aes128gcm');
      const response = await fetch(subscription.endpoint, {
        method: 'POST',
        headers: {
          TTL: String(message.ttlSeconds),
          Urgency: message.urgency,
          'Content-Encoding': 'aes128gcm',
          'Content-Type': 'application/octet-stream',
          Authorization: vapidHeaderFor(subscription.endpoint),
        },
        // A copy (a few kB): DOM's BodyInit, in the app's typings, takes no Node Buffer.
        body: new Uint8Array(cipherText),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      if (response.status >= 200 && response.status < 300) return 'accepted';
      log.warn({ status: response.status, host: new URL(subscription.endpoint).host }, 'push refused');
      return 'failed';
    } catch (error) {
      log.warn({ err: error, host: hostOf(subscription.endpoint) }, 'push not delivered');
      return 'failed';
    }
  }

  return {
    async send(collegeId, messages) {
      const outcomes = new Map<string, PushOutcome>();
      const byUser = new Map<string, PushMessage>();
      for (const message of messages) {
        byUser.set(message.userId, message);
        outcomes.set(message.userId, { accepted: 0, devices: 0 });
      }
      const userIds = [...byUser.keys()];
      const subscriptions: (typeof pushSubscriptions.$inferSelect)[] = [];
      for (let i = 0; i < userIds.length; i += membersPerRead) {
        const chunk = userIds.slice(i, i + membersPerRead);
        subscriptions.push(
          ...(await db
            .select()
            .from(pushSubscriptions)
            .where(and(eq(pushSubscriptions.collegeId, collegeId), inArray(pushSubscriptions.userId, chunk)))),
        );
      }
      const gone: string[] = [];
      const failed: string[] = [];
      const accepted: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < subscriptions.length) {
          const subscription = subscriptions[next++]!;
          const outcome = outcomes.get(subscription.userId)!;
          outcome.devices++;
          const result = await deliver(subscription, byUser.get(subscription.userId)!);
          if (result === 'accepted') {
            outcome.accepted++;
            accepted.push(subscription.endpoint);
          } else (result === 'gone' ? gone : failed).push(subscription.endpoint);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, subscriptions.length) }, worker));
      for (let i = 0; i < gone.length; i += membersPerRead)
        await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, gone.slice(i, i + membersPerRead)));
      for (let i = 0; i < accepted.length; i += membersPerRead) {
        await db
          .update(pushSubscriptions)
          .set({ failures: 0, lastPushedAt: sql`now()` })
          .where(inArray(pushSubscriptions.endpoint, accepted.slice(i, i + membersPerRead)));
      }
      for (let i = 0; i < failed.length; i += membersPerRead) {
        const chunk = failed.slice(i, i + membersPerRead);
        await db
          .update(pushSubscriptions)
          .set({ failures: sql`${pushSubscriptions.failures} + 1` })
          .where(inArray(pushSubscriptions.endpoint, chunk));
        await db.delete(pushSubscriptions).where(and(inArray(pushSubscriptions.endpoint, chunk), sql`${pushSubscriptions.failures} >= ${mostFailures}`));
      }
      return outcomes;
    },
  };
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}
