import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../contract/messages';
import { pushKeyResponse, pushRenewArgs, pushSubscriptionArgs, pushUnsubscribeArgs } from '../../contract/push';
import { authOf, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { notFound, ValidationFailed } from '../http/errors';
import { collegeOf } from '../tenancy/resolveCollege';
import { isAllowedPushEndpoint } from './pushEndpoints';
import { forgetDevice, rememberDevice, renewDevice } from './subscriptions';

/**
 * Web Push's routes (contract/push.ts), core infrastructure beside the session: any
 * feature may push to a member through `ctx.push`.
 *
 * - `GET /api/v1/push/key`: the VAPID public key a browser subscribes with (public: it is
 *   in every subscription request the browser makes anyway).
 * - `POST /api/v1/push/subscriptions`: this browser's subscription, for the signed-in
 *   member. 204 when kept; 422 for a malformed one or an endpoint that is not a known push
 *   service (server/push/pushEndpoints.ts).
 * - `POST /api/v1/push/subscriptions/renew`: the service worker's, when the push service
 *   replaced the subscription (contract `pushRenewArgs`: the old endpoint and auth secret
 *   stand for the session token a worker does not hold). 404 when they match no browser.
 * - `DELETE /api/v1/push/subscriptions` `{endpoint}`: forgets this browser, when it is the
 *   caller's. 204 either way: whether an endpoint is someone else's is not told.
 */
export function pushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/v1/push/key', { schema: { response: { 200: pushKeyResponse } } }, () => Promise.resolve({ public_key: ctx.vapidPublicKey }));

  api.post(
    '/api/v1/push/subscriptions',
    // Signed in before the body is read, as every write of the API.
    { onRequest: requireUser(db), schema: { body: pushSubscriptionArgs } },
    async (request, reply) => {
      const { user } = authOf(request);
      const { endpoint, keys } = request.body;
      if (!isAllowedPushEndpoint(endpoint, config.pushHosts)) throw ValidationFailed.field('endpoint', messages.pushSubscriptionInvalid);
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, 300);
      await rememberDevice(db, { collegeId: user.collegeId, userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent });
      return reply.code(204).send();
    },
  );

  api.post('/api/v1/push/subscriptions/renew', { schema: { body: pushRenewArgs } }, async (request, reply) => {
    const college = collegeOf(request);
    const { old_endpoint, old_auth, subscription } = request.body;
    if (!isAllowedPushEndpoint(subscription.endpoint, config.pushHosts))
      throw ValidationFailed.field('subscription.endpoint', messages.pushSubscriptionInvalid);
    const userAgent = (request.headers['user-agent'] ?? '').slice(0, 300);
    const next = { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, userAgent };
    if (!(await renewDevice(db, college.id, { endpoint: old_endpoint, auth: old_auth }, next))) throw notFound();
    return reply.code(204).send();
  });

  api.delete('/api/v1/push/subscriptions', { onRequest: requireUser(db), schema: { body: pushUnsubscribeArgs } }, async (request, reply) => {
    const { user } = authOf(request);
    await forgetDevice(db, user.collegeId, user.id, request.body.endpoint);
    return reply.code(204).send();
  });
}
