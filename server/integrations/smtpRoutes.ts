import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidv7 } from '../../contract/ids';
import {
  mailLogQuery,
  mailLogResponse,
  smtpSettingsInput,
  smtpSettingsResponse,
  smtpTestFailure,
  smtpTestInput,
  smtpTestResponse,
  type SmtpSettingsView,
} from '../../contract/integrations';
import { messages } from '../../contract/messages';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { mailOutbox, smtpSettings } from '../db/schema';
import { HttpError } from '../http/errors';
import { hiddenValue, type AuditValues } from '../../contract/audit';
import { changedValues, recordAudit } from '../auditRecord/recordAudit';

/** The other 422 of the test: an invalid `to` (Laravel's shape). */
const validationFailure = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });

const viewOf = (row: typeof smtpSettings.$inferSelect): SmtpSettingsView => ({
  host: row.host,
  port: row.port,
  security: row.security,
  username: row.username,
  password_set: row.passwordEncrypted !== '' || row.password !== '',
  from_name: row.fromName,
  from_address: row.fromAddress,
  reply_to: row.replyTo,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The settings as the audit trail records them: the password never, only, when it changed,
 * whether there was one and is one (`hiddenValue`, or null).
 */
function auditedSmtp(row: typeof smtpSettings.$inferSelect, passwordChanged: boolean): AuditValues {
  const hasPassword = row.passwordEncrypted !== '' || row.password !== '';
  return {
    ...(passwordChanged ? { password: hasPassword ? hiddenValue : null } : {}),
    host: row.host,
    port: row.port,
    security: row.security,
    username: row.username,
    from_name: row.fromName,
    from_address: row.fromAddress,
    reply_to: row.replyTo,
  };
}

/** SMTP tests an administrator may run in a minute: each opens a connection to the server they typed. */
export const smtpTestLimit = 20;

/** The rate-limit key of a signed-in member: their college and id. */
const memberKey = (request: FastifyRequest) => {
  const { user } = authOf(request);
  return `member:${user.collegeId}:${user.id}`;
};

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/api/v1/admin/integrations/smtp` (GET, PUT, DELETE), its `/test`, and
 * `/api/v1/admin/mail-log`: admins of the request's college only (`integrations.manage`).
 */
export function smtpRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mailer } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = [requireUser(db), requirePermission('integrations.manage')];
  const settingsOf = async (collegeId: string) => (await db.select().from(smtpSettings).where(eq(smtpSettings.collegeId, collegeId)).limit(1))[0];

  api.get('/api/v1/admin/integrations/smtp', { schema: { response: { 200: smtpSettingsResponse } }, onRequest: guard }, async (request) => {
    const row = await settingsOf(authOf(request).user.collegeId);
    return { data: row ? viewOf(row) : null };
  });

  api.put(
    '/api/v1/admin/integrations/smtp',
    { schema: { body: smtpSettingsInput, response: { 200: smtpSettingsResponse } }, onRequest: guard },
    async (request) => {
      const { user, origin } = authOf(request);
      const { collegeId } = user;
      const input = request.body;
      const fields = {
        host: input.host,
        port: input.port,
        security: input.security,
        username: input.username,
        fromName: input.from_name,
        fromAddress: input.from_address,
        replyTo: input.reply_to,
        updatedAt: new Date(),
        // A blank password keeps the stored one; `clear_password` removes it.
        ...(input.clear_password
          ? { passwordEncrypted: '', password: '' }
          : input.password
            ? { passwordEncrypted: mailer.secrets.seal(input.password), password: '' }
            : {}),
      };
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(smtpSettings).where(eq(smtpSettings.collegeId, collegeId)).for('update');
        const [after] = await tx
          .insert(smtpSettings)
          .values({ id: uuidv7(), collegeId, ...fields })
          .onConflictDoUpdate({ target: smtpSettings.collegeId, set: fields })
          .returning();
        const passwordChanged = input.clear_password || Boolean(input.password);
        await recordAudit(tx, {
          collegeId,
          actor: { user, origin },
          kind: 'smtp.changed',
          ...changedValues(before ? auditedSmtp(before, passwordChanged) : null, auditedSmtp(after!, passwordChanged)),
        });
        return after!;
      });
      return { data: viewOf(row) };
    },
  );

  api.delete('/api/v1/admin/integrations/smtp', { schema: { response: { 200: smtpSettingsResponse } }, onRequest: guard }, async (request) => {
    const { user, origin } = authOf(request);
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(smtpSettings).where(eq(smtpSettings.collegeId, user.collegeId)).returning();
      // Removing settings there were not is no action.
      if (before)
        await recordAudit(tx, { collegeId: user.collegeId, actor: { user, origin }, kind: 'smtp.removed', before: auditedSmtp(before, true), after: null });
    });
    return { data: null };
  });

  api.post(
    '/api/v1/admin/integrations/smtp/test',
    {
      schema: { body: smtpTestInput, response: { 200: smtpTestResponse, 422: smtpTestFailure.or(validationFailure) } },
      onRequest: guard,
      // Each test opens a connection to the SMTP server the admin typed. Counted per
      // administrator, after the guards: strangers' 401s spend no one's tests.
      config: { rateLimit: { max: smtpTestLimit, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => memberKey(request) } },
    },
    async (request, reply) => {
      const { collegeId } = authOf(request).user;
      if (!(await settingsOf(collegeId))) throw new HttpError(409, messages.smtpNotConfigured);
      const result = await mailer.test(collegeId, request.body.to);
      if (result.ok) return { ok: true as const, response: result.response };
      return reply.code(422).send({ message: messages.smtpTestFailed, smtp_error: result.error.slice(0, 2000) });
    },
  );

  api.get('/api/v1/admin/mail-log', { schema: { querystring: mailLogQuery, response: { 200: mailLogResponse } }, onRequest: guard }, async (request) => {
    const { collegeId } = authOf(request).user;
    const { cursor, limit } = request.query;
    // Ids are UUIDv7: their order is their creation's, so the cursor is the last id seen.
    const before = cursor && uuidLike.test(cursor) ? cursor : undefined;
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.collegeId, collegeId), before ? lt(mailOutbox.id, before) : undefined))
      .orderBy(desc(mailOutbox.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    return {
      data: page.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        status: row.status,
        attempts: row.attempts,
        error: row.error,
        next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
        created_at: row.createdAt.toISOString(),
        sent_at: row.sentAt?.toISOString() ?? null,
      })),
      next_cursor: rows.length > limit ? page.at(-1)!.id : null,
    };
  });
}
