import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audienceReach, audienceReachRequest } from '../../contract/audience';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { Database } from '../db/client';
import { countReach } from './reach';

/**
 * `POST /api/v1/audience/reach`: the audience picker's "reaches N people", for whoever may
 * publish (the permission is checked before the body, as for the posts routes). Counted in
 * the signed-in member's college only.
 */
export function audienceRoutes(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/audience/reach',
    {
      schema: { body: audienceReachRequest, response: { 200: audienceReach } },
      onRequest: [requireUser(db), requirePermission('content.publish')],
    },
    async (request) => countReach(db, authOf(request).user.collegeId, request.body),
  );
}
