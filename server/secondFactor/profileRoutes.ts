import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../contract/zod';
import {
  ceremonyOptions,
  factorAdded,
  passkeyRegisterRequest,
  recoveryCodesResponse,
  secondFactorList,
  totpBeginRequest,
  totpBeginResponse,
  totpConfirmRequest,
} from '../../contract/secondFactor';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { restOrigin, siteOf } from '../http/origin';
import { collegeOf } from '../tenancy/resolveCollege';
import {
  beginTotp,
  confirmTotp,
  newRecoveryCodes,
  passkeyRegistrationOptions,
  registerPasskey,
  removeFactor,
  type Enroller,
  type RelyingParty,
} from './enrolment';
import { confirmedFactors, factorView, requiredFor, unusedRecoveryCodes } from './factors';

const idParams = z.object({ id: z.string().max(100) });

/** The relying party of a ceremony: the request's own host name and origin (passkeys are bound to them). */
export const relyingPartyOf = (request: FastifyRequest): RelyingParty => ({ id: request.hostname, origin: siteOf(request), name: collegeOf(request).name });

/**
 * The signed-in member's own factors (`/api/v1/profile/second-factors…`): administrators and
 * staff only (`secondFactor.enrol`). Online only, like the rest of the profile.
 */
export function secondFactorProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mailer } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = [requireUser(db), requirePermission('secondFactor.enrol')];
  const enrollerOf = (request: FastifyRequest): Enroller => {
    const auth = authOf(request);
    return { member: auth.user, origin: restOrigin(request, auth.tokenId), secrets: mailer.secrets };
  };

  api.get('/api/v1/profile/second-factors', { onRequest: guard, schema: { response: { 200: secondFactorList } } }, async (request) => {
    const { user } = authOf(request);
    const [factors, left, required] = await Promise.all([
      confirmedFactors(db, user.collegeId, user.id),
      unusedRecoveryCodes(db, user.collegeId, user.id),
      requiredFor(db, user.collegeId, user.role),
    ]);
    return { factors: factors.map(factorView), recovery_codes_left: left, required };
  });

  api.post(
    '/api/v1/profile/second-factors/totp',
    { onRequest: guard, schema: { body: totpBeginRequest, response: { 201: totpBeginResponse } } },
    async (request, reply) => reply.code(201).send(await beginTotp(db, enrollerOf(request), request.body.label, collegeOf(request).name)),
  );

  api.post(
    '/api/v1/profile/second-factors/totp/:id/confirm',
    { onRequest: guard, schema: { params: idParams, body: totpConfirmRequest, response: { 200: factorAdded } } },
    async (request) => confirmTotp(db, enrollerOf(request), request.params.id, request.body.code),
  );

  api.post('/api/v1/profile/second-factors/webauthn/options', { onRequest: guard, schema: { response: { 200: ceremonyOptions } } }, async (request) =>
    passkeyRegistrationOptions(db, enrollerOf(request), relyingPartyOf(request)),
  );

  api.post(
    '/api/v1/profile/second-factors/webauthn',
    { onRequest: guard, schema: { body: passkeyRegisterRequest, response: { 200: factorAdded } } },
    async (request) => registerPasskey(db, enrollerOf(request), relyingPartyOf(request), request.body.label, request.body.credential),
  );

  api.delete('/api/v1/profile/second-factors/:id', { onRequest: guard, schema: { params: idParams } }, async (request, reply) => {
    await removeFactor(db, enrollerOf(request), request.params.id);
    return reply.code(204).send();
  });

  api.post('/api/v1/profile/second-factors/recovery-codes', { onRequest: guard, schema: { response: { 200: recoveryCodesResponse } } }, async (request) => ({
    recovery_codes: await newRecoveryCodes(db, enrollerOf(request)),
  }));
}
