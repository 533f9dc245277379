import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { loginRequest } from '../../contract/auth';
import { loginAnswer } from '../../contract/secondFactor';
import { messages } from '../../contract/messages';
import { normalizeRut } from '../../contract/rut';
import type { AppContext } from '../config';
import { users } from '../db/schema';
import { HttpError, ValidationFailed } from '../http/errors';
import { collegeOf } from '../tenancy/resolveCollege';
import { reserveLoginTry } from './loginThrottle';
import type { PasswordSignInGate } from './signInGate';
import { verifyDecoy, verifyPassword } from './passwords';
import { authOf, requireUser } from './requireUser';
import { startSession } from './startSession';
import { newSecret, revokeAccessToken } from './tokens';

/**
 * Sign-in, sign-out and the CSRF cookie of the original app (its API paths are kept). A right
 * password passes the features' gates (`gates`: the second factor) before its session starts;
 * a gate may answer its second step instead (docs/features/second-factor.md).
 */
export function sessionRoutes(app: FastifyInstance, ctx: AppContext, gates: readonly PasswordSignInGate[] = []): void {
  const { db, storage, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Laravel Sanctum's cookie, kept so the original client's start-up call succeeds. Patio
  // authenticates with the Bearer header only, so the value guards nothing by itself.
  api.get('/sanctum/csrf-cookie', async (request, reply) => {
    reply.setCookie('XSRF-TOKEN', newSecret(), {
      path: '/',
      sameSite: 'lax',
      secure: request.protocol === 'https',
      httpOnly: false,
      maxAge: 2 * 60 * 60,
    });
    return reply.code(204).send();
  });

  api.post('/api/login-mobile', { schema: { body: loginRequest, response: { 200: loginAnswer } } }, async (request) => {
    const college = collegeOf(request);
    const { email, rut, password } = request.body;
    const byEmail = (email ?? '').trim() !== '';
    const field = byEmail ? 'email' : 'rut';
    const value = byEmail ? email!.trim().toLowerCase() : normalizeRut(rut!)!;
    const key = { collegeId: college.id, identifier: `${field}:${value}`, ip: request.ip };
    const attempt = await reserveLoginTry(db, key, config.signInLimits);
    if (!attempt) throw new HttpError(429, messages.throttled);

    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.collegeId, college.id), byEmail ? eq(users.email, value) : eq(users.rut, value)))
      .limit(1);
    const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyDecoy(password);
    // A wrong password: its try stays counted.
    if (!user || !valid) throw ValidationFailed.field(field, messages.credentials);
    // Only a caller who knows the password learns that the account is waiting or closed.
    if (user.status !== 'active') {
      await attempt.withdrawn();
      throw ValidationFailed.field(field, user.status === 'pending' ? messages.pendingApproval : messages.accountDisabled);
    }

    await attempt.succeeded();
    for (const gate of gates) {
      const step = await gate(db, college, user);
      if (step) return step;
    }
    return startSession(db, storage, college, user);
  });

  api.post('/api/logout-mobile', { onRequest: requireUser(db), schema: { response: { 200: z.object({ message: z.string() }) } } }, async (request) => {
    const auth = authOf(request);
    await revokeAccessToken(db, auth.user.collegeId, auth.tokenId);
    return { message: messages.signedOut };
  });
}
