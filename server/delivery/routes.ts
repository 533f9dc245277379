import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  defaultDeliverySettings,
  deliveryKinds,
  deliveryPreferences,
  deliveryPreferencesInput,
  deliveryRemindAnswer,
  deliveryReport,
  deliverySettings as settingsShape,
  memberLanguageInput,
  type DeliveryKind,
  type DeliveryPreferencesInput,
} from '../../contract/delivery';
import { messages } from '../../contract/messages';
import { can } from '../../contract/permissions';
import { looksLikeUuid } from '../audience/references';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import { changedValues, memberName, recordAudit } from '../auditRecord/recordAudit';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { wakeJob } from '../jobs';
import type { SecretKey } from '../mail/secretKey';
import { loadViewer } from '../sync/viewer';
import { writeInCollege } from '../sync/writeInCollege';
import type { Deliverable } from './deliverable';
import { deliveryLinkRoutes } from './linkRoutes';
import { preferencesOf, setLanguage, setPreferences } from './preferences';
import { deliveryReportOf, remindIntervalMs, remindUnread } from './report';
import { emailJobName, pushJobName } from './schedule';
import { deliveryItems, deliverySettings } from './schema';

const itemParams = z.object({ kind: z.enum(deliveryKinds, { error: messages.deliveryNotFound }), id: z.string().max(100) });
const memberParams = z.object({ id: z.string().max(100) });

/**
 * Reaching every member over REST: the member's channels (`/api/v1/profile/delivery-preferences`,
 * `/api/v1/profile/language`), an administrator's view of a member's and of the college's
 * settings, each item's delivery report and "send again", and the pages of the mails' links
 * (server/delivery/linkRoutes.ts). Another college's ids answer 404, as unknown ones.
 */
export function deliveryRoutes(app: FastifyInstance, db: Database, secrets: SecretKey, deliverables: ReadonlyMap<DeliveryKind, Deliverable>): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const admin = [signedIn, requirePermission('admin.access')];

  deliveryLinkRoutes(app, db, secrets, deliverables);

  typed.get('/api/v1/profile/delivery-preferences', { schema: { response: { 200: deliveryPreferences } }, onRequest: signedIn }, async (request) => {
    const { user } = authOf(request);
    return (await preferencesOf(db, user.collegeId, user.id, new Date()))!;
  });

  typed.put(
    '/api/v1/profile/delivery-preferences',
    { schema: { body: deliveryPreferencesInput, response: { 200: deliveryPreferences } }, onRequest: signedIn },
    async (request) => {
      const { user } = authOf(request);
      await setPreferences(db, user.collegeId, user.id, request.body, 'member', new Date());
      return (await preferencesOf(db, user.collegeId, user.id, new Date()))!;
    },
  );

  typed.put('/api/v1/profile/language', { schema: { body: memberLanguageInput }, onRequest: signedIn }, async (request, reply) => {
    const { user } = authOf(request);
    await setLanguage(db, user.collegeId, user.id, request.body.language, new Date());
    return reply.code(204).send();
  });

  const modesOf = ({ posts, events, notifications }: DeliveryPreferencesInput) => ({ posts, events, notifications });

  /** A member of the administrator's college (404 otherwise, as for an unknown id). */
  const memberOf = async (collegeId: string, id: string) => {
    if (!looksLikeUuid(id)) throw notFound(messages.memberNotFound);
    const [row] = await db
      .select({ id: users.id, name: users.name, firstLastname: users.firstLastname })
      .from(users)
      .where(and(eq(users.id, id.toLowerCase()), eq(users.collegeId, collegeId)));
    if (!row) throw notFound(messages.memberNotFound);
    return row;
  };

  typed.get(
    '/api/v1/admin/members/:id/delivery-preferences',
    { schema: { params: memberParams, response: { 200: deliveryPreferences } }, onRequest: admin },
    async (request) => {
      const { user } = authOf(request);
      const { id } = await memberOf(user.collegeId, request.params.id);
      return (await preferencesOf(db, user.collegeId, id, new Date()))!;
    },
  );

  typed.put(
    '/api/v1/admin/members/:id/delivery-preferences',
    { schema: { params: memberParams, body: deliveryPreferencesInput, response: { 200: deliveryPreferences } }, onRequest: admin },
    async (request) => {
      const { user, origin } = authOf(request);
      const member = await memberOf(user.collegeId, request.params.id);
      const { id } = member;
      const now = new Date();
      await db.transaction(async (tx) => {
        const before = (await preferencesOf(tx, user.collegeId, id, now))!;
        await setPreferences(tx, user.collegeId, id, request.body, id === user.id ? 'member' : 'administrator', now);
        // Another member's channels are an administrative action (their own are not).
        if (id === user.id) return;
        const changed = changedValues(modesOf(before), modesOf(request.body));
        if (Object.keys(changed.after ?? {}).length > 0)
          await recordAudit(tx, {
            collegeId: user.collegeId,
            actor: { user, origin },
            kind: 'member.deliveryChanged',
            subject: { id, name: memberName(member) },
            ...changed,
          });
      });
      return (await preferencesOf(db, user.collegeId, id, now))!;
    },
  );

  typed.get('/api/v1/admin/delivery-settings', { schema: { response: { 200: settingsShape } }, onRequest: admin }, async (request) => {
    const [row] = await db
      .select()
      .from(deliverySettings)
      .where(eq(deliverySettings.collegeId, authOf(request).user.collegeId));
    return row ? { inactive_days: row.inactiveDays, mails_per_second: row.mailsPerSecond } : defaultDeliverySettings;
  });

  typed.put('/api/v1/admin/delivery-settings', { schema: { body: settingsShape, response: { 200: settingsShape } }, onRequest: admin }, async (request) => {
    const { user, origin } = authOf(request);
    const collegeId = user.collegeId;
    const values = { inactiveDays: request.body.inactive_days, mailsPerSecond: request.body.mails_per_second, updatedAt: new Date() };
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(deliverySettings).where(eq(deliverySettings.collegeId, collegeId)).for('update');
      await tx
        .insert(deliverySettings)
        .values({ collegeId, ...values })
        .onConflictDoUpdate({ target: deliverySettings.collegeId, set: values });
      const before = row ? { inactive_days: row.inactiveDays, mails_per_second: row.mailsPerSecond } : defaultDeliverySettings;
      const changed = changedValues(before, request.body);
      if (Object.keys(changed.after ?? {}).length > 0)
        await recordAudit(tx, { collegeId, actor: { user, origin }, kind: 'delivery.settingsChanged', ...changed });
    });
    return request.body;
  });

  /** The item of the signed-in member's college, if they may see its delivery: its author or an administrator. */
  const reportable = async (collegeId: string, kind: DeliveryKind, id: string, userId: string, role: string) => {
    const deliverable = deliverables.get(kind);
    const [item] = deliverable && looksLikeUuid(id) ? await deliverable.load(db, collegeId, [id.toLowerCase()]) : [];
    if (!deliverable || !item || item.deleted) throw notFound(messages.deliveryNotFound);
    if (item.authorId !== userId && !can(role as 'admin', 'admin.access')) throw new HttpError(403, messages.deliveryNotYours);
    return { deliverable, item };
  };

  typed.get(
    '/api/v1/deliveries/:kind/:id',
    { schema: { params: itemParams, response: { 200: deliveryReport } }, onRequest: [signedIn, requirePermission('content.publish')] },
    async (request) => {
      const { user } = authOf(request);
      const { item } = await reportable(user.collegeId, request.params.kind, request.params.id, user.id, user.role);
      return deliveryReportOf(db, user.collegeId, request.params.kind, item.id, new Date());
    },
  );

  typed.post(
    '/api/v1/deliveries/:kind/:id/remind',
    { schema: { params: itemParams, response: { 200: deliveryRemindAnswer } }, onRequest: [signedIn, requirePermission('content.publish')] },
    async (request) => {
      const auth = authOf(request);
      const { user } = auth;
      const kind = request.params.kind;
      const { deliverable, item } = await reportable(user.collegeId, kind, request.params.id, user.id, user.role);
      const now = new Date();
      const actor = { user, viewer: await loadViewer(db, user), origin: auth.origin };
      return writeInCollege(db, user.collegeId, async (write) => {
        const [row] = await write.tx
          .select({ remindedAt: deliveryItems.remindedAt })
          .from(deliveryItems)
          .where(and(eq(deliveryItems.kind, kind), eq(deliveryItems.itemId, item.id)))
          .for('update');
        if (!row) throw notFound(messages.deliveryNotFound);
        if (row.remindedAt && now.getTime() - row.remindedAt.getTime() < remindIntervalMs) throw new HttpError(409, messages.deliveryRemindedRecently);
        const answer = await remindUnread(write.tx, user.collegeId, kind, item.id, deliverable.pushed, now);
        await deliverable.remind?.(write, actor, item, now);
        await wakeJob(write.tx, emailJobName);
        await wakeJob(write.tx, pushJobName);
        return answer;
      });
    },
  );
}
