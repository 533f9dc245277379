import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../contract/messages';
import { memberFactorsView } from '../../contract/secondFactor';
import { z } from '../../contract/zod';
import { memberName, recordAudit } from '../auditRecord/recordAudit';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { users } from '../db/schema';
import { notFound } from '../http/errors';
import { restOrigin } from '../http/origin';
import { confirmedFactors } from './factors';
import { recoveryCodes, secondFactors } from './schema';

const idParams = z.object({ id: z.string().max(100) });
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An administrator and a member's second factors (`/api/v1/admin/members/:id/second-factors`,
 * `users.manage`): how many they have, and removing them all, the way back in for a member who
 * lost their passkey or phone and their recovery codes. When the college requires a factor of
 * their role they add one again right after their password at their next sign-in.
 */
export function secondFactorMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = [requireUser(db), requirePermission('users.manage')];
  const memberOf = async (collegeId: string, id: string) => {
    if (!uuidShape.test(id)) throw notFound(messages.notFound);
    const [member] = await db
      .select()
      .from(users)
      .where(and(eq(users.collegeId, collegeId), eq(users.id, id)))
      .limit(1);
    if (!member) throw notFound(messages.notFound);
    return member;
  };

  api.get(
    '/api/v1/admin/members/:id/second-factors',
    { onRequest: guard, schema: { params: idParams, response: { 200: memberFactorsView } } },
    async (request) => {
      const member = await memberOf(authOf(request).user.collegeId, request.params.id);
      const factors = await confirmedFactors(db, member.collegeId, member.id);
      return { passkeys: factors.filter((f) => f.kind === 'webauthn').length, apps: factors.filter((f) => f.kind === 'totp').length };
    },
  );

  api.delete('/api/v1/admin/members/:id/second-factors', { onRequest: guard, schema: { params: idParams } }, async (request, reply) => {
    const auth = authOf(request);
    const member = await memberOf(auth.user.collegeId, request.params.id);
    await db.transaction(async (tx) => {
      const removed = await tx
        .delete(secondFactors)
        .where(and(eq(secondFactors.collegeId, member.collegeId), eq(secondFactors.userId, member.id)))
        .returning();
      await tx.delete(recoveryCodes).where(and(eq(recoveryCodes.collegeId, member.collegeId), eq(recoveryCodes.userId, member.id)));
      for (const row of removed.filter((r) => r.confirmedAt)) {
        await recordAudit(tx, {
          collegeId: member.collegeId,
          actor: { user: auth.user, origin: restOrigin(request, auth.tokenId) },
          kind: 'secondFactor.removed',
          subject: { id: member.id, name: memberName(member) },
          before: { factor_kind: row.kind, factor_label: row.label },
          after: null,
        });
      }
    });
    return reply.code(204).send();
  });
}
