import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signupRequest, signupResponse } from '../../contract/auth';
import { audienceKeys } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import type { AppContext } from '../config';
import { users } from '../db/schema';
import { HttpError, ValidationFailed } from '../http/errors';
import { isUniqueViolation } from '../db/errors';
import { writeInCollege } from '../sync/writeInCollege';
import { collegeOf } from '../tenancy/resolveCollege';
import { hashPassword } from './passwords';

/**
 * `POST /api/signup-mobile`: where the college allows it, creates a *pending* guardian
 * account; it cannot sign in until an administrator approves it.
 */
export function signupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/signup-mobile',
    {
      schema: { body: signupRequest, response: { 201: signupResponse } },
      config: { rateLimit: { max: config.rateLimits.signup.max, timeWindow: config.rateLimits.signup.timeWindowMs } },
    },
    async (request, reply) => {
      const college = collegeOf(request);
      if (!college.allowSignup) throw new HttpError(403, messages.signupClosed);
      const { name, email, password, promotions } = request.body;
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.collegeId, college.id), eq(users.email, email)))
        .limit(1);
      if (existing) throw ValidationFailed.field('email', messages.emailTaken);
      const passwordHash = await hashPassword(password);
      try {
        // Stamped for administrators' devices: the sign-up waits in their members list.
        await writeInCollege(db, college.id, async (write) => {
          await write.tx.insert(users).values({
            id: uuidv7(),
            collegeId: college.id,
            role: 'guardian',
            status: 'pending',
            name,
            email,
            passwordHash,
            promotions,
            seq: write.stamp([audienceKeys.admins]),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw ValidationFailed.field('email', messages.emailTaken);
        throw error;
      }
      return reply.code(201).send({ message: messages.signupPending, status: 'pending' as const });
    },
  );
}
