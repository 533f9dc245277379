import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { college, collegeDomainRequest } from '../../contract/college';
import { messages } from '../../contract/messages';
import { authOf, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { notFound } from '../http/errors';
import { collegeOf } from '../tenancy/resolveCollege';
import { webAppManifest } from './manifest';

export function collegeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, directory } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The college of a domain or origin, whatever host the request came to (the original app's call). */
  api.post('/api/colleges/domain', { schema: { body: collegeDomainRequest, response: { 200: college } } }, async (request) => {
    const row = await directory.forHost(request.body.domain);
    if (!row) throw notFound(messages.collegeNotFound);
    return directory.record(row);
  });

  api.get('/api/v1/session/college', { onRequest: requireUser(db), schema: { response: { 200: college } } }, async (request) => {
    const row = await directory.byId(authOf(request).user.collegeId);
    if (!row) throw notFound(messages.collegeNotFound);
    return directory.record(row);
  });

  api.get('/manifest.webmanifest', async (request, reply) => {
    const row = collegeOf(request);
    return reply
      .header('Content-Type', 'application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(JSON.stringify(webAppManifest(row)));
  });
}
