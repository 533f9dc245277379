import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rosterResult, rosterZipLimit } from '../../contract/roster';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { importRoster, previewRoster, readZipSet } from './importRoster';

/** What browsers and SIS exports label a zip with (Windows says `x-zip-compressed`). */
const zipTypes = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/**
 * `POST /api/v1/admin/roster/preview` and `/import`: the zip is the body. Who is asking is
 * checked before the body is read (onRequest), and a body over the limit is answered 413
 * from its Content-Length before any of it is read. A refused set answers 422 with the same
 * shape as the preview, so the screen lists the refusals either way.
 */
export function rosterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.register((scope, _options, done) => {
    for (const type of zipTypes) {
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: rosterZipLimit }, (_request, body, parsed) => parsed(null, body));
    }
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const admin = [requireUser(db), requirePermission('users.manage')];
    const zipOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

    api.post('/api/v1/admin/roster/preview', { onRequest: admin, bodyLimit: rosterZipLimit, schema: { response: { 200: rosterResult } } }, async (request) => {
      const set = await readZipSet(zipOf(request));
      return previewRoster(db, authOf(request).user.collegeId, set);
    });

    api.post(
      '/api/v1/admin/roster/import',
      { onRequest: admin, bodyLimit: rosterZipLimit, schema: { response: { 200: rosterResult, 422: rosterResult } } },
      async (request, reply) => {
        const auth = authOf(request);
        const result = await importRoster(db, auth.user.collegeId, await readZipSet(zipOf(request)), { actor: { user: auth.user, origin: auth.origin } });
        return result.written ? result : reply.code(422).send(result);
      },
    );
    done();
  });
}
