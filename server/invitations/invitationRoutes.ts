import type { FastifyInstance } from 'fastify';
import { siteOf } from '../http/origin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginResponse } from '../../contract/auth';
import {
  invitableResponse,
  invitationAcceptRequest,
  invitationLookupRequest,
  invitationLookupResponse,
  inviteRequest,
  inviteResponse,
} from '../../contract/invitations';
import { messages } from '../../contract/messages';
import type { AppContext } from '../config';
import { HttpError, ValidationFailed } from '../http/errors';
import { hashPassword } from '../auth/passwords';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import { startSession } from '../auth/startSession';
import { users } from '../db/schema';
import { and, eq } from 'drizzle-orm';
import { collegeOf } from '../tenancy/resolveCollege';
import { acceptInvitation, inviteMembers, liveInvitation, notSignedInCount } from './invitationService';

/**
 * A link's page may ask about it and use it this often per address: far above a person
 * retyping a password, far below guessing (a link's secret has 256 random bits anyway).
 */
export const invitationLinkLimit = { max: 20, timeWindow: 15 * 60 * 1000 };

/** Inviting members (administrators) and using an invitation's link (anyone holding one). */
export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, storage } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = [requireUser(db), requirePermission('users.manage')];

  api.get('/api/v1/admin/members/invitations', { onRequest: admin, schema: { response: { 200: invitableResponse } } }, async (request) => ({
    not_signed_in: await notSignedInCount(db, authOf(request).user.collegeId),
  }));

  api.post('/api/v1/admin/members/invitations', { onRequest: admin, schema: { body: inviteRequest, response: { 200: inviteResponse } } }, async (request) => {
    const college = collegeOf(request);
    const body = request.body;
    const target = 'member_ids' in body ? { memberIds: body.member_ids } : { everyoneNotSignedIn: true as const };
    const { user, origin } = authOf(request);
    const outcome = await inviteMembers(db, { college, actor: { user, origin }, site: siteOf(request) }, target);
    // Ids of no member here (another college's included) are unknown; members who may not be invited are a refusal.
    if ('memberIds' in target && outcome.unknown === new Set(target.memberIds).size) throw new HttpError(404, messages.notFound);
    if ('memberIds' in target && outcome.invited === 0 && outcome.already_invited === 0) throw ValidationFailed.field('member_ids', messages.invitationNobody);
    return outcome;
  });

  const linkLimit = { rateLimit: invitationLinkLimit };

  api.post(
    '/api/v1/invitations/lookup',
    { config: linkLimit, schema: { body: invitationLookupRequest, response: { 200: invitationLookupResponse } } },
    async (request) => {
      const college = collegeOf(request);
      const found = await liveInvitation(db, college.id, request.body.token);
      if (!found) throw ValidationFailed.field('token', messages.invitationInvalid);
      return { first_name: found.name, email: found.email, college: college.name };
    },
  );

  api.post(
    '/api/v1/invitations/accept',
    { config: linkLimit, schema: { body: invitationAcceptRequest, response: { 200: loginResponse } } },
    async (request) => {
      const college = collegeOf(request);
      const { token, password } = request.body;
      const userId = await acceptInvitation(db, college.id, token, await hashPassword(password));
      if (!userId) throw ValidationFailed.field('token', messages.invitationInvalid);
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.collegeId, college.id), eq(users.id, userId)))
        .limit(1);
      return startSession(db, storage, college, user!);
    },
  );
}
