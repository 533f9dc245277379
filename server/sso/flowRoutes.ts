import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../contract/messages';
import { ssoExchangeRequest, ssoExchangeResponse } from '../../contract/sso';
import { startSession } from '../auth/startSession';
import type { AppContext } from '../config';
import { users } from '../db/schema';
import { ValidationFailed } from '../http/errors';
import { collegeOf } from '../tenancy/resolveCollege';
import { answerCallback, redeemExchange, safeReturnTo, SsoRefusal, startSignIn } from './flow';

/**
 * The sign-in's public routes may be used this often per address: a school behind one address
 * signs many members in at the start of a day, and guessing is hopeless anyway (the state and
 * the exchange secret have 256 random bits).
 */
export const ssoFlowLimit = { max: 300, timeWindow: 15 * 60 * 1000 };

const queryOf = (request: FastifyRequest): URLSearchParams => new URLSearchParams(request.url.split('?')[1] ?? '');

/** A browser navigation's answer: never cached, the refusal named in the sign-in page's query. */
function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

function refused(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof SsoRefusal) return redirect(reply, `/auth/login?sso_error=${error.code}`);
  throw error;
}

/**
 * Signing in with the college's OpenID Connect provider: `start` sends the browser there,
 * `callback` takes its answer and hands the app a one-time secret in the URL's fragment (never
 * sent to a server, so never in a log), and `exchange` trades that secret for a session and
 * says where the person was going (`return_to` of `start`).
 */
export function ssoFlowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mailer, storage } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: ssoFlowLimit };
  const flowOf = (request: FastifyRequest) => ({
    db,
    secrets: mailer.secrets,
    collegeId: collegeOf(request).id,
    origin: `${request.protocol}://${request.host}`,
    now: new Date(),
  });

  api.get('/api/v1/sso/start', { config }, async (request, reply) => {
    try {
      const url = await startSignIn(flowOf(request), safeReturnTo(queryOf(request).get('return_to')));
      return redirect(reply, url.href);
    } catch (error) {
      return refused(reply, error);
    }
  });

  api.get('/api/v1/sso/callback', { config }, async (request, reply) => {
    try {
      const { exchange } = await answerCallback(flowOf(request), queryOf(request));
      return redirect(reply, `/auth/sso#exchange=${exchange}`);
    } catch (error) {
      return refused(reply, error);
    }
  });

  api.post('/api/v1/sso/exchange', { config, schema: { body: ssoExchangeRequest, response: { 200: ssoExchangeResponse } } }, async (request) => {
    const college = collegeOf(request);
    const found = await redeemExchange(db, college.id, request.body.exchange, new Date());
    if (!found) throw ValidationFailed.field('exchange', messages.ssoExpired);
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.collegeId, college.id), eq(users.id, found.userId), eq(users.status, 'active')))
      .limit(1);
    if (!user) throw ValidationFailed.field('exchange', messages.ssoDisabled);
    return { ...(await startSession(db, storage, college, user)), return_to: found.returnTo };
  });
}
