import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentFileQuery, describeAttachmentArgs } from '../../contract/attachments';
import { messages } from '../../contract/messages';
import { describeAttachment, findVisibleAttachment, removeAttachment, type AttachmentRecord } from '../attachments/attachmentService';
import { authOf, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { notFound } from '../http/errors';
import { loadViewer } from '../sync/viewer';
import { writeInCollege } from '../sync/writeInCollege';
import { contentDisposition, mayShowInline, sendFile, servedType, type ServedFile } from './download';
import { sweepRemovedAttachments } from './fileSweep';
import type { DocumentFiles } from './fileStore';
import { variantPathOf } from './imageVariants';

const idParams = z.object({ id: z.string().max(100) });

/** The narrowest variant at least `wanted` pixels wide; none when the image has none that wide. */
export function variantFor(widths: readonly number[], wanted: number): number | null {
  return [...widths].sort((a, b) => a - b).find((width) => width >= wanted) ?? null;
}

/** `photo.jpg` → `photo.webp`: what a saved variant is called. */
const webpName = (name: string) => `${name.replace(/\.[^./\\]{1,10}$/, '')}.webp`;

/** A variant's bytes never change (an attachment is never replaced, only removed): kept for a year. */
const immutable = 'private, max-age=31536000, immutable';

function served(row: AttachmentRecord, path: string, width: number | null, inline: boolean): ServedFile {
  if (width !== null) {
    return {
      path: variantPathOf(path, width),
      etag: `"${row.sha256}-w${width}"`,
      contentType: 'image/webp',
      disposition: contentDisposition(webpName(row.name), true),
      cacheControl: immutable,
    };
  }
  // The original is opened on purpose, not shown in lists: checked again each time, like documents.
  return {
    path,
    etag: `"${row.sha256}"`,
    contentType: servedType(row.mimeType),
    disposition: contentDisposition(row.name, inline && mayShowInline(row.mimeType)),
    cacheControl: 'private, no-cache',
  };
}

/**
 * `GET /api/v1/attachments/{id}/file` (`?w=` for an image's variant, `?inline=1`): the file of
 * an attachment whose owner the member may see, else 404, on their college's host only. The
 * `token` cookie is accepted too, since `<img srcset>` sends no header. `DELETE
 * /api/v1/attachments/{id}` takes it off its owner (the mutation `attachments.remove`); `PUT
 * /api/v1/attachments/{id}/alt` sets an image's text alternative (`attachments.describe`).
 */
export function attachmentRoutes(app: FastifyInstance, ctx: AppContext, files: DocumentFiles): void {
  const { db, attachmentOwners: owners } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/v1/attachments/:id/file',
    { schema: { params: idParams, querystring: attachmentFileQuery }, onRequest: requireUser(db, { cookie: true }), compress: false },
    async (request, reply) => {
      const { user } = authOf(request);
      const row = await findVisibleAttachment(db, owners, await loadViewer(db, user), request.params.id);
      const path = row ? files.pathOf(row.collegeId, row.fileKey) : null;
      const { w, inline } = request.query;
      const sent = row && path ? await sendFile(request, reply, served(row, path, w === undefined ? null : variantFor(row.widths, w), inline === '1')) : false;
      if (sent === false) throw notFound(messages.attachmentNotFound);
      return sent;
    },
  );

  typed.put(
    '/api/v1/attachments/:id/alt',
    { schema: { params: idParams, body: describeAttachmentArgs.pick({ alt: true }) }, onRequest: requireUser(db) },
    async (request, reply) => {
      const { user } = authOf(request);
      const actor = { user, viewer: await loadViewer(db, user) };
      await writeInCollege(db, user.collegeId, (write) => describeAttachment(write, actor, owners, request.params.id, request.body.alt));
      return reply.code(204).send();
    },
  );

  typed.delete('/api/v1/attachments/:id', { schema: { params: idParams }, onRequest: requireUser(db) }, async (request, reply) => {
    const { user } = authOf(request);
    const actor = { user, viewer: await loadViewer(db, user) };
    await writeInCollege(db, user.collegeId, (write) => removeAttachment(write, actor, owners, request.params.id));
    await sweepRemovedAttachments(db, files, user.collegeId);
    return reply.code(204).send();
  });
}
