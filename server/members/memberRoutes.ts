import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import {
  memberFields,
  memberImportRequest,
  memberImportResponse,
  memberListQuery,
  memberListResponse,
  memberRow,
  resetMemberPasswordResponse,
  restCreateMemberBody,
  setMemberPinArgs,
  verifyPinRequest,
  verifyPinResponse,
} from '../../contract/members';
import { resetLink, startPasswordReset } from '../auth/recoveryRoutes';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { writeInCollege, type Write } from '../sync/writeInCollege';
import { queueApprovalMail } from './approvalMail';
import { resetMemberPassword, verifyMemberPin } from './memberAccess';
import { sweepAvatarsEveryMinute } from './avatarSweep';
import { memberOfWire, membersToWire } from './memberEntity';
import { ImportRefused, importMembers } from './memberImport';
import { listMembers } from './memberQueries';
import {
  type AdminActor,
  approveMember,
  createMember,
  deleteMember,
  deleteMemberPin,
  liveMember,
  rejectMember,
  setMemberPin,
  updateMember,
} from './memberService';

const idParams = z.object({ id: z.string().max(100) });
/** 5,000 rows of up to 11 cells: more than the 1 MB of other JSON bodies. */
const importBodyLimit = 16 * 1024 * 1024;

/**
 * Members over REST (docs/features/members.md): the list and the writes for clients that do not
 * sync (the same service as the members.* mutations), and what needs the server at that
 * moment: a reset password, a PIN check, a CSV import. Administrators only, except the PIN
 * check (staff too).
 */
export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mailer, storage } = ctx;
  const avatars = sweepAvatarsEveryMinute(db, storage, app.log);
  app.addHook('onClose', () => Promise.resolve(avatars.stop()));
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const admin = [signedIn, requirePermission('users.manage')];
  const actorOf = (request: FastifyRequest): AdminActor => ({ user: authOf(request).user, origin: authOf(request).origin });
  const inCollege = <T>(actor: AdminActor, work: (write: Write) => Promise<T>) => writeInCollege(db, actor.user.collegeId, work);

  typed.get('/api/v1/admin/members', { schema: { querystring: memberListQuery, response: { 200: memberListResponse } }, onRequest: admin }, async (request) => {
    const query = request.query;
    const { rows, total } = await listMembers(db, actorOf(request).user.collegeId, query);
    return {
      data: await membersToWire(db, actorOf(request).user.collegeId, rows),
      meta: { total, page: query.page, per_page: query.per_page, last_page: Math.max(1, Math.ceil(total / query.per_page)) },
    };
  });

  typed.get('/api/v1/admin/members/:id', { schema: { params: idParams, response: { 200: memberRow } }, onRequest: admin }, async (request) =>
    memberOfWire(db, await liveMember({ tx: db, collegeId: actorOf(request).user.collegeId }, request.params.id)),
  );

  typed.post('/api/v1/admin/members', { schema: { body: restCreateMemberBody, response: { 201: memberRow } }, onRequest: admin }, async (request, reply) => {
    const actor = actorOf(request);
    const args = { ...request.body, id: request.body.id ?? uuidv7() };
    const row = await inCollege(actor, (write) => createMember(write, actor, args));
    return reply.code(201).send(await memberOfWire(db, row));
  });

  typed.put(
    '/api/v1/admin/members/:id',
    { schema: { params: idParams, body: memberFields, response: { 200: memberRow } }, onRequest: admin },
    async (request) => {
      const actor = actorOf(request);
      const row = await inCollege(actor, (write) => updateMember(write, actor, { ...request.body, id: request.params.id }));
      return memberOfWire(db, row);
    },
  );

  typed.delete('/api/v1/admin/members/:id', { schema: { params: idParams }, onRequest: admin }, async (request, reply) => {
    const actor = actorOf(request);
    await inCollege(actor, (write) => deleteMember(write, actor, { id: request.params.id }));
    await avatars.sweep();
    return reply.code(204).send();
  });

  typed.post('/api/v1/admin/members/:id/approve', { schema: { params: idParams, response: { 200: memberRow } }, onRequest: admin }, async (request) => {
    const actor = actorOf(request);
    const row = await inCollege(actor, async (write) => {
      const member = await approveMember(write, actor, { id: request.params.id });
      await queueApprovalMail(write, member);
      return member;
    });
    return memberOfWire(db, row);
  });

  typed.post('/api/v1/admin/members/:id/reject', { schema: { params: idParams }, onRequest: admin }, async (request, reply) => {
    const actor = actorOf(request);
    await inCollege(actor, (write) => rejectMember(write, actor, { id: request.params.id }));
    return reply.code(204).send();
  });

  typed.put(
    '/api/v1/admin/members/:id/pin',
    { schema: { params: idParams, body: setMemberPinArgs.pick({ pin: true }), response: { 200: memberRow } }, onRequest: admin },
    async (request) => {
      const actor = actorOf(request);
      return memberOfWire(db, await inCollege(actor, (write) => setMemberPin(write, actor, { id: request.params.id, pin: request.body.pin })));
    },
  );

  typed.delete('/api/v1/admin/members/:id/pin', { schema: { params: idParams, response: { 200: memberRow } }, onRequest: admin }, async (request) => {
    const actor = actorOf(request);
    return memberOfWire(db, await inCollege(actor, (write) => deleteMemberPin(write, actor, { id: request.params.id })));
  });

  typed.post(
    '/api/v1/admin/members/:id/reset-password',
    { schema: { params: idParams, response: { 200: resetMemberPasswordResponse } }, onRequest: admin },
    async (request) =>
      resetMemberPassword(
        db,
        mailer,
        actorOf(request),
        request.params.id,
        (secret, email) => resetLink(request, secret, email),
        (collegeId, userId) => startPasswordReset(db, collegeId, userId),
      ),
  );

  typed.post(
    '/api/v1/members/:id/verify-pin',
    {
      schema: { params: idParams, body: verifyPinRequest, response: { 200: verifyPinResponse } },
      onRequest: [signedIn, requirePermission('members.verifyPin')],
    },
    async (request) => ({ valid: await verifyMemberPin(db, actorOf(request).user.collegeId, request.params.id, request.body.pin) }),
  );

  typed.post(
    '/api/v1/admin/members/import',
    {
      // No schema for the 422: the body errors of the validation answer it too, in their own shape.
      schema: { body: memberImportRequest, response: { 200: memberImportResponse } },
      onRequest: admin,
      bodyLimit: importBodyLimit,
    },
    async (request, reply) => {
      try {
        return await importMembers(db, actorOf(request), request.body.rows, request.body.confirm);
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        const refused = { message: messages.invalidData, errors: {}, ...error.response };
        return (reply as FastifyReply).code(422).send(refused);
      }
    },
  );
}
