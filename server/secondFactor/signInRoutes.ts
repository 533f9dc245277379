import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { loginResponse, type LoginResponse } from '../../contract/auth';
import { messages } from '../../contract/messages';
import {
  ceremonyOptions,
  enrolledSignIn,
  passkeyStepRequest,
  recoveryStepRequest,
  ticketPasskeyRegisterRequest,
  ticketRequest,
  ticketTotpBeginRequest,
  ticketTotpConfirmRequest,
  totpBeginResponse,
  totpStepRequest,
  type EnrolledSignIn,
  type FactorAdded,
} from '../../contract/secondFactor';
import { reserveLoginTry, type LoginTry } from '../auth/loginThrottle';
import type { UserRow } from '../auth/requireUser';
import { startSession } from '../auth/startSession';
import type { AppContext } from '../config';
import { users } from '../db/schema';
import { HttpError, ValidationFailed } from '../http/errors';
import { restOrigin } from '../http/origin';
import { collegeOf } from '../tenancy/resolveCollege';
import { beginTotp, confirmTotp, passkeyRegistrationOptions, registerPasskey, type Enroller } from './enrolment';
import { confirmedFactors, requiredFor } from './factors';
import { relyingPartyOf } from './profileRoutes';
import { checkPasskey, checkRecoveryCode, checkTotp, passkeyStepOptions } from './signInStep';
import { readSignInTicket, takeSignInTicket } from './tickets';

/** Per address, beside the counted tries: a school behind one address signs many members in at once. */
export const secondStepLimit = { max: 300, timeWindow: 15 * 60 * 1000 };

const expired = () => ValidationFailed.field('ticket', messages.secondFactorExpired);

/**
 * The second step of a password sign-in (`/api/v1/auth/second-factor/…`, public: the ticket
 * is the proof of the right password). Each check is a counted try of the login throttle, with
 * the password's limits; a wrong code leaves the ticket for a retry, a right one takes it
 * (once) and starts the session. A member the college requires a factor of, who has none,
 * enrols one within the ticket (`…/enrol/…`), and that sign-in ends with the recovery codes.
 */
export function secondFactorSignInRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, storage, mailer, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const routeConfig = { rateLimit: secondStepLimit };

  /** The active member a live ticket names, or the 422 a device answers with "sign in again". */
  async function holderOf(request: FastifyRequest, ticket: string): Promise<UserRow> {
    const college = collegeOf(request);
    const found = await readSignInTicket(db, college.id, ticket);
    if (!found) throw expired();
    const [member] = await db
      .select()
      .from(users)
      .where(and(eq(users.collegeId, college.id), eq(users.id, found.userId), eq(users.status, 'active')))
      .limit(1);
    if (!member) throw expired();
    return member;
  }

  /** A try of the member's second step from this address, counted like a password's, or 429. */
  async function reserveTry(request: FastifyRequest, member: UserRow): Promise<LoginTry> {
    const attempt = await reserveLoginTry(db, { collegeId: member.collegeId, identifier: `second-factor:${member.id}`, ip: request.ip }, config.signInLimits);
    if (!attempt) throw new HttpError(429, messages.throttled);
    return attempt;
  }

  /** The check passed: the ticket taken (once), the member's failures forgotten, the session. */
  async function finish(request: FastifyRequest, ticket: string, member: UserRow, attempt: LoginTry): Promise<LoginResponse> {
    const college = collegeOf(request);
    if (!(await takeSignInTicket(db, college.id, ticket))) {
      await attempt.withdrawn();
      throw expired();
    }
    await attempt.succeeded();
    return startSession(db, storage, college, member);
  }

  /** Verifying with a method: the ticket's holder, a counted try, the check, then the session. */
  async function step(request: FastifyRequest, ticket: string, field: string, check: (member: UserRow) => Promise<string | null>): Promise<LoginResponse> {
    const member = await holderOf(request, ticket);
    const attempt = await reserveTry(request, member);
    const refusal = await check(member);
    // A wrong code: its try stays counted, the ticket stays for another.
    if (refusal) throw ValidationFailed.field(field, refusal);
    return finish(request, ticket, member, attempt);
  }

  api.post('/api/v1/auth/second-factor/totp', { config: routeConfig, schema: { body: totpStepRequest, response: { 200: loginResponse } } }, async (request) =>
    step(request, request.body.ticket, 'code', async (member) =>
      (await checkTotp(db, mailer.secrets, member, request.body.code)) ? null : messages.secondFactorWrong,
    ),
  );

  api.post(
    '/api/v1/auth/second-factor/recovery',
    { config: routeConfig, schema: { body: recoveryStepRequest, response: { 200: loginResponse } } },
    async (request) =>
      step(request, request.body.ticket, 'code', async (member) =>
        (await checkRecoveryCode(db, member, request.body.code, restOrigin(request, null))) ? null : messages.secondFactorWrong,
      ),
  );

  api.post(
    '/api/v1/auth/second-factor/webauthn/options',
    { config: routeConfig, schema: { body: ticketRequest, response: { 200: ceremonyOptions } } },
    async (request) => {
      const member = await holderOf(request, request.body.ticket);
      const options = await passkeyStepOptions(db, member, request.body.ticket, relyingPartyOf(request));
      if (!options) throw expired();
      return options;
    },
  );

  api.post(
    '/api/v1/auth/second-factor/webauthn',
    { config: routeConfig, schema: { body: passkeyStepRequest, response: { 200: loginResponse } } },
    async (request) =>
      step(request, request.body.ticket, 'credential', async (member) => {
        const outcome = await checkPasskey(db, member, request.body.ticket, relyingPartyOf(request), request.body.credential);
        if (outcome === 'ok') return null;
        if (outcome === 'expired') return messages.secondFactorExpired;
        return outcome === 'unknown' ? messages.secondFactorPasskeyUnknown : messages.secondFactorPasskeyFailed;
      }),
  );

  // ——— Enrolling within the ticket: only a member who has no factor yet and must have one ———

  /** The ticket's holder as an enroller; refused once they have a factor (it must then be used). */
  async function enrollerOf(request: FastifyRequest, ticket: string): Promise<Enroller> {
    const member = await holderOf(request, ticket);
    if ((await confirmedFactors(db, member.collegeId, member.id)).length > 0) throw new HttpError(409, messages.secondFactorAlreadyEnrolled);
    if (!(await requiredFor(db, member.collegeId, member.role))) throw expired();
    return { member, origin: restOrigin(request, null), secrets: mailer.secrets };
  }

  /** The factor was added: the ticket taken, the session and the new codes (shown once). */
  async function enrolled(request: FastifyRequest, ticket: string, who: Enroller, attempt: LoginTry, added: FactorAdded): Promise<EnrolledSignIn> {
    const session = await finish(request, ticket, who.member, attempt);
    return { ...session, recovery_codes: added.recovery_codes ?? [] };
  }

  api.post(
    '/api/v1/auth/second-factor/enrol/totp',
    { config: routeConfig, schema: { body: ticketTotpBeginRequest, response: { 201: totpBeginResponse } } },
    async (request, reply) => {
      const who = await enrollerOf(request, request.body.ticket);
      return reply.code(201).send(await beginTotp(db, who, request.body.label, collegeOf(request).name));
    },
  );

  api.post(
    '/api/v1/auth/second-factor/enrol/totp/confirm',
    { config: routeConfig, schema: { body: ticketTotpConfirmRequest, response: { 200: enrolledSignIn } } },
    async (request) => {
      const who = await enrollerOf(request, request.body.ticket);
      const attempt = await reserveTry(request, who.member);
      const added = await confirmTotp(db, who, request.body.id, request.body.code);
      return enrolled(request, request.body.ticket, who, attempt, added);
    },
  );

  api.post(
    '/api/v1/auth/second-factor/enrol/webauthn/options',
    { config: routeConfig, schema: { body: ticketRequest, response: { 200: ceremonyOptions } } },
    async (request) => passkeyRegistrationOptions(db, await enrollerOf(request, request.body.ticket), relyingPartyOf(request)),
  );

  api.post(
    '/api/v1/auth/second-factor/enrol/webauthn',
    { config: routeConfig, schema: { body: ticketPasskeyRegisterRequest, response: { 200: enrolledSignIn } } },
    async (request) => {
      const who = await enrollerOf(request, request.body.ticket);
      const attempt = await reserveTry(request, who.member);
      const added = await registerPasskey(db, who, relyingPartyOf(request), request.body.label, request.body.credential);
      return enrolled(request, request.body.ticket, who, attempt, added);
    },
  );
}
