import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotPasswordRequest, resetPasswordRequest } from '../../contract/auth';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import type { AppContext } from '../config';
import type { Database } from '../db/client';
import { accessTokens, passwordResets, users } from '../db/schema';
import { forgetMemberDevices } from '../push/subscriptions';
import { ValidationFailed } from '../http/errors';
import { collegeOf } from '../tenancy/resolveCollege';
import { hashPassword } from './passwords';
import { resetMail } from './resetMail';
import { digest, newSecret } from './tokens';

export const resetTokenLifetimeMs = 60 * 60 * 1000;
const messageReply = { 200: z.object({ message: z.string() }) };

/**
 * A new single-use reset link's secret for the member (only the newest link works); the
 * forgotten-password form and an administrator's reset (server/members) send it by mail.
 */
export async function startPasswordReset(db: Database, collegeId: string, userId: string): Promise<string> {
  const secret = newSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.collegeId, collegeId), eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      id: uuidv7(),
      collegeId,
      userId,
      tokenHash: digest(secret),
      expiresAt: new Date(Date.now() + resetTokenLifetimeMs),
    });
  });
  return secret;
}

/** The reset link of a secret, on the host the request came to. */
export function resetLink(request: FastifyRequest, secret: string, email: string): string {
  const query = new URLSearchParams({ token: secret, email });
  return `${request.protocol}://${request.host}/auth/reset-password?${query.toString()}`;
}

/** Account recovery by email: a single-use link valid for 60 minutes. */
export function recoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mailer, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/forgot-password-user',
    {
      schema: { body: forgotPasswordRequest, response: messageReply },
      config: { rateLimit: { max: config.rateLimits.forgotPassword.max, timeWindow: config.rateLimits.forgotPassword.timeWindowMs } },
    },
    async (request) => {
      const college = collegeOf(request);
      const { email } = request.body;
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.collegeId, college.id), eq(users.email, email), ne(users.status, 'disabled')))
        .limit(1);
      // The same answer either way, so the form does not tell who has an account.
      if (!user) return { message: messages.resetLinkSent };

      const secret = await startPasswordReset(db, college.id, user.id);
      const link = resetLink(request, secret, email);
      await mailer.send(college.id, resetMail({ to: email, collegeName: college.name, language: college.language, link }));
      return { message: messages.resetLinkSent };
    },
  );

  api.post('/api/reset-password-user', { schema: { body: resetPasswordRequest, response: messageReply } }, async (request) => {
    const college = collegeOf(request);
    const { token, email, password } = request.body;
    const passwordHash = await hashPassword(password);
    const done = await db.transaction(async (tx) => {
      const [reset] = await tx
        .select({ id: passwordResets.id, userId: passwordResets.userId })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(
          and(
            eq(passwordResets.collegeId, college.id),
            eq(passwordResets.tokenHash, digest(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
            eq(users.email, email),
            ne(users.status, 'disabled'),
          ),
        )
        .limit(1);
      if (!reset) return false;
      // Marking the link used is the guard: of two concurrent uses only one updates it.
      const used = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (used.length === 0) return false;
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(and(eq(users.collegeId, college.id), eq(users.id, reset.userId)));
      // Whoever had the old password is signed out everywhere, and their browsers stop
      // receiving the member's push messages.
      await tx.delete(accessTokens).where(and(eq(accessTokens.collegeId, college.id), eq(accessTokens.userId, reset.userId)));
      await forgetMemberDevices(tx, college.id, reset.userId);
      return true;
    });
    if (!done) throw ValidationFailed.field('token', messages.resetInvalid);
    return { message: messages.passwordReset };
  });
}
