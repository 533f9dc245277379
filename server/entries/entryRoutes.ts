import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { entryRequest } from '../../contract/auth';
import { authOf, requireUser } from '../auth/requireUser';
import type { Database } from '../db/client';
import { collegeOf } from '../tenancy/resolveCollege';
import { recordEntry } from './recordEntry';

/** `POST /api/v1/entries {kind:'app_open'}` → 204 (at most one app open per user per hour). */
export function entryRoutes(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/v1/entries', { schema: { body: entryRequest }, onRequest: requireUser(db) }, async (request, reply) => {
    const { user } = authOf(request);
    const college = collegeOf(request);
    await recordEntry(db, { collegeId: college.id, userId: user.id, timeZone: college.timeZone }, request.body.kind);
    return reply.code(204).send();
  });
}
