import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import {
  defaultNotificationPreferences,
  notification,
  notificationDelivery,
  notificationListQuery,
  notificationListResponse,
  notificationPreferences as preferencesShape,
  notificationSettings,
  restCreateNotificationBody,
  sentNotificationsResponse,
} from '../../contract/notifications';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { colleges } from '../db/colleges';
import { notFound } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import { loadViewer } from '../sync/viewer';
import { writeInCollege } from '../sync/writeInCollege';
import { notificationToWire } from './notificationEntities';
import { deliveryOf, findCollegeNotification, listMemberNotifications, listSentNotifications } from './notificationQueries';
import { collegeSettings, createNotification, recordReceipt, remindNotification } from './notificationService';
import { notificationPreferences } from '../push/schema';

const idParams = z.object({ id: z.string().max(100) });

/**
 * Notifications over REST: the original app's `GET /api/v1/notifications` (the member's list), the
 * same writes as the notifications.* mutations, the figures staff see, the member's quiet
 * hours and the college's emergency setting. Another college's ids answer 404, as unknown ones.
 */
export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const publisher = [signedIn, requirePermission('content.publish')];
  const admin = [signedIn, requirePermission('admin.access')];
  const actorOf = async (request: FastifyRequest): Promise<MutationActor> => {
    const { user, origin } = authOf(request);
    return { user, viewer: await loadViewer(db, user), origin };
  };

  typed.get(
    '/api/v1/notifications',
    { schema: { querystring: notificationListQuery, response: { 200: notificationListResponse } }, onRequest: signedIn },
    async (request) => listMemberNotifications(db, (await actorOf(request)).viewer, request.query),
  );

  typed.post(
    '/api/v1/notifications',
    { schema: { body: restCreateNotificationBody, response: { 201: notification } }, onRequest: publisher },
    async (request, reply) => {
      const actor = await actorOf(request);
      const args = { ...request.body, id: request.body.id ?? uuidv7() };
      const row = await writeInCollege(db, actor.user.collegeId, (write) => createNotification(write, actor, args));
      return reply.code(201).send(notificationToWire(row));
    },
  );

  for (const [verb, acknowledge] of [
    ['read', false],
    ['acknowledge', true],
  ] as const) {
    typed.post(`/api/v1/notifications/:id/${verb}`, { schema: { params: idParams }, onRequest: signedIn }, async (request, reply) => {
      const actor = await actorOf(request);
      await writeInCollege(db, actor.user.collegeId, (write) => recordReceipt(write, actor, { notification_id: request.params.id }, acknowledge));
      return reply.code(204).send();
    });
  }

  typed.post('/api/v1/notifications/:id/remind', { schema: { params: idParams }, onRequest: publisher }, async (request, reply) => {
    const actor = await actorOf(request);
    await writeInCollege(db, actor.user.collegeId, (write) => remindNotification(write, actor, { notification_id: request.params.id }));
    return reply.code(204).send();
  });

  typed.get(
    '/api/v1/notifications/sent',
    { schema: { querystring: notificationListQuery, response: { 200: sentNotificationsResponse } }, onRequest: publisher },
    async (request) => ({ data: await listSentNotifications(db, authOf(request).user.collegeId, request.query) }),
  );

  typed.get(
    '/api/v1/notifications/:id/delivery',
    { schema: { params: idParams, response: { 200: notificationDelivery } }, onRequest: publisher },
    async (request) => {
      const row = await findCollegeNotification(db, authOf(request).user.collegeId, request.params.id);
      if (!row) throw notFound(messages.notificationNotFound);
      return deliveryOf(db, row, new Date());
    },
  );

  typed.get('/api/v1/notifications/preferences', { schema: { response: { 200: preferencesShape } }, onRequest: signedIn }, async (request) => {
    const { user } = authOf(request);
    const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
    return row ? { quiet_hours: row.quietHours, quiet_start: row.quietStart, quiet_end: row.quietEnd } : defaultNotificationPreferences;
  });

  typed.put(
    '/api/v1/notifications/preferences',
    { schema: { body: preferencesShape, response: { 200: preferencesShape } }, onRequest: signedIn },
    async (request) => {
      const { user } = authOf(request);
      const values = { quietHours: request.body.quiet_hours, quietStart: request.body.quiet_start, quietEnd: request.body.quiet_end, updatedAt: new Date() };
      // Pushes already waiting keep their time; the new hours apply to what is sent from now on.
      await db
        .insert(notificationPreferences)
        .values({ userId: user.id, collegeId: user.collegeId, ...values })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
      return request.body;
    },
  );

  typed.get('/api/v1/admin/notification-settings', { schema: { response: { 200: notificationSettings } }, onRequest: admin }, async (request) => ({
    emergency_email_minutes: (await collegeSettings(db, authOf(request).user.collegeId)).emergencyEmailMinutes,
  }));

  typed.put(
    '/api/v1/admin/notification-settings',
    { schema: { body: notificationSettings, response: { 200: notificationSettings } }, onRequest: admin },
    async (request) => {
      // Alerts already sent keep the time they were given; the new wait applies to the next ones.
      await db
        .update(colleges)
        .set({ emergencyEmailMinutes: request.body.emergency_email_minutes, updatedAt: sql`now()` })
        .where(eq(colleges.id, authOf(request).user.collegeId));
      return request.body;
    },
  );
}
