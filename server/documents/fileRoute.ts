import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../contract/messages';
import { authOf, requireUser } from '../auth/requireUser';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import { loadViewer } from '../sync/viewer';
import { findVisibleDocument } from './documentQueries';
import { contentDisposition, mayShowInline, parseRange, servedType } from './download';
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
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/documents/:id/file',
    { schema: { params, querystring: query }, preHandler: requireUser(db), compress: false },
    async (request, reply) => {
      const { user } = authOf(request);
      const document = await findVisibleDocument(db, await loadViewer(db, user), request.params.id);
      const path = document ? files.pathOf(document.collegeId, document.fileKey) : null;
      const info = path ? await stat(path).catch(() => null) : null;
      if (!document || !path || !info?.isFile()) throw notFound(messages.documentNotFound);
      const size = info.size;
      const etag = `"${document.sha256}"`;
      const inline = request.query.inline === '1' && mayShowInline(document.mimeType);
      reply
        .header('Accept-Ranges', 'bytes')
        .header('ETag', etag)
        .header('Cache-Control', 'private, no-cache')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Type', servedType(document.mimeType))
        .header('Content-Disposition', contentDisposition(document.title, inline));
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) return reply.code(304).send();
      const ifRange = request.headers['if-range'];
      const range = ifRange === undefined || String(ifRange).trim() === etag ? parseRange(request.headers.range, size) : null;
      if (range === 'unsatisfiable') {
        return reply.code(416).header('Content-Range', `bytes */${size}`).type('application/json').send({ message: messages.rangeNotSatisfiable });
      }
      if (range) {
        reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`).header('Content-Length', range.end - range.start + 1);
        return reply.send(createReadStream(path, { start: range.start, end: range.end }));
      }
      return reply.header('Content-Length', size).send(createReadStream(path));
    },
  );
}
