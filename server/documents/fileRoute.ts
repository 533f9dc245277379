import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../contract/messages';
import { authOf, requireUser } from '../auth/requireUser';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { loadViewer } from '../sync/viewer';
import { findVisibleDocument } from './documentQueries';
import { contentDisposition, mayShowInline, sendFile, servedType } from './download';
import type { DocumentFiles } from './fileStore';

const params = z.object({ id: z.string().max(100) });
const query = z.object({ inline: z.enum(['0', '1']).optional() });

/**
 * `GET /api/v1/documents/{id}/file`: the file of a document the member may see, on their
 * college's host only (404 otherwise, as for a document that does not exist). Ranges, a
 * strong ETag (the SHA-256) and If-Range let a large download resume; never compressed, so
 * byte offsets are the file's.
 */
export function fileRoute(app: FastifyInstance, db: Database, files: DocumentFiles): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/v1/documents/:id/file', { schema: { params, querystring: query }, onRequest: requireUser(db), compress: false }, async (request, reply) => {
      const { user } = authOf(request);
      const document = await findVisibleDocument(db, await loadViewer(db, user), request.params.id);
      const path = document ? files.pathOf(document.collegeId, document.fileKey) : null;
      const sent =
        document && path
          ? await sendFile(request, reply, {
              path,
              etag: `"${document.sha256}"`,
              contentType: servedType(document.mimeType),
              disposition: contentDisposition(document.title, request.query.inline === '1' && mayShowInline(document.mimeType)),
              cacheControl: 'private, no-cache',
            })
          : false;
      if (sent === false) throw notFound(messages.documentNotFound);
      return sent;
    });
}
