import type { IncomingMessage } from 'node:http';
import { MemoryLocker, Server, type ServerOptions, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attachmentIdHeader, attachmentUploadMetadata, type AttachmentUploadMetadata } from '../../contract/attachments';
import { documentIdHeader, documentUploadMetadata, type DocumentUploadMetadata } from '../../contract/documents';
import { fieldErrors } from '../../contract/errors';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { checkAttachable, ownerOf } from '../attachments/attachmentService';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { HttpError, notFound, ValidationFailed } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import { loadViewer } from '../sync/viewer';
import { writeInCollege } from '../sync/writeInCollege';
import { documentToWire } from './documentEntities';
import { checkDocumentFields, createDocument } from './documentService';
import { isUploadOf, newUploadKey, type DocumentFiles } from './fileStore';
import { inspectFile } from './fileType';
import { finishAttachment } from './attachmentUploads';

export const uploadsPath = '/api/v1/uploads';

/** A tus hook's refusal: tus answers its `status_code` with its `body`, `{ message, errors? }`. */
class Refusal extends Error {
  readonly body: string;
  constructor(
    readonly status_code: number,
    body: { message: string; errors?: Record<string, string[]> },
  ) {
    super(body.message);
    this.body = JSON.stringify(body);
  }
}
const refusal = (status: number, body: { message: string; errors?: Record<string, string[]> }) => new Refusal(status, body);

function refusalOf(error: unknown) {
  if (error instanceof ValidationFailed) return refusal(422, { message: error.message, errors: error.errors });
  if (error instanceof HttpError) return refusal(error.statusCode, { message: error.message });
  throw error;
}

type UploadMetadata = ({ kind: 'document' } & DocumentUploadMetadata) | AttachmentUploadMetadata;

/**
 * The metadata of an upload: an attachment's (`kind=attachment`, contract/attachments.ts), else
 * a document's as `documentUploadMetadata` reads it (`audience` is JSON).
 */
function parsedMetadata(metadata: Upload['metadata']): UploadMetadata {
  if (metadata?.kind === 'attachment') {
    const result = attachmentUploadMetadata.safeParse({ ...metadata, id: metadata.id ?? undefined });
    if (!result.success) throw new ValidationFailed(fieldErrors(result.error.issues));
    return result.data;
  }
  let audience: unknown;
  try {
    audience = JSON.parse(metadata?.audience ?? '');
  } catch {
    // Left undefined: the schema names the field.
  }
  const result = documentUploadMetadata.safeParse({ ...metadata, id: metadata?.id ?? undefined, audience });
  if (!result.success) throw new ValidationFailed(fieldErrors(result.error.issues));
  return { kind: 'document', ...result.data };
}

/**
 * The tus endpoint (docs/features/documents.md): staff and administrators upload to their
 * college's folder; an upload's key starts with its uploader's id, and anyone else (another
 * member, another college's host, where the folder differs) is answered 404. Metadata is
 * checked when the upload is created; when its last byte arrives, the file's type is read
 * from its bytes and the document is written through the sync, or the upload is deleted.
 * An attachment's upload (`kind=attachment`) is checked against its owner instead (who may
 * edit it; 409 while it is not on the server yet), and a finished image is resized before
 * the attachment is listed in its owner's row (server/attachments).
 */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext, files: DocumentFiles): void {
  const { db } = ctx;
  const actors = new WeakMap<IncomingMessage, MutationActor>();
  const locker = new MemoryLocker();
  const servers = new Map<string, Server>();

  const actorOfHook = (req: { runtime?: { node?: { req: unknown } } }): MutationActor => {
    const actor = actors.get(req.runtime?.node?.req as IncomingMessage);
    if (!actor) throw refusal(401, { message: messages.unauthenticated });
    return actor;
  };

  const options = (collegeId: string): ServerOptions => ({
    path: uploadsPath,
    relativeLocation: true,
    locker,
    // A finished upload is a document's or an attachment's file: it goes with it, never through tus.
    disableTerminationForFinishedUploads: true,
    maxSize: ctx.config.documentMaxBytes,
    exposedHeaders: [documentIdHeader, attachmentIdHeader],
    namingFunction: (req) => newUploadKey(actorOfHook(req).user.id),
    onUploadCreate: async (req, upload) => {
      const actor = actorOfHook(req);
      try {
        const metadata = parsedMetadata(upload.metadata);
        if (metadata.kind === 'attachment') {
          await checkAttachable(db, actor, ownerOf(ctx.attachmentOwners, metadata.owner), metadata.owner_id, metadata.id);
        } else {
          await checkDocumentFields({ tx: db, collegeId: actor.user.collegeId }, metadata.category_id, metadata.audience);
        }
      } catch (error) {
        throw refusalOf(error);
      }
      return {};
    },
    onUploadFinish: async (req, upload) => {
      const actor = actorOfHook(req);
      const path = files.pathOf(collegeId, upload.id);
      try {
        if (!path) throw notFound();
        const metadata = parsedMetadata(upload.metadata);
        const facts = await inspectFile(path);
        if (!facts.mimeType) throw new HttpError(415, messages.documentTypeRefused);
        const mimeType = facts.mimeType;
        if (metadata.kind === 'attachment') {
          return await finishAttachment(db, ctx.attachmentOwners, actor, { key: upload.id, path, metadata, facts: { ...facts, mimeType } });
        }
        const row = await writeInCollege(db, collegeId, (write) =>
          createDocument(write, actor, {
            id: metadata.id ?? uuidv7(),
            categoryId: metadata.category_id,
            title: metadata.filename,
            audience: metadata.audience,
            mimeType,
            size: facts.size,
            sha256: facts.sha256,
            fileKey: upload.id,
          }),
        );
        return {
          status_code: 200,
          headers: { [documentIdHeader]: row.id, 'Content-Type': 'application/json' },
          body: JSON.stringify(documentToWire(row)),
        };
      } catch (error) {
        // Nothing is left behind of a refused file.
        await files.remove(collegeId, upload.id);
        throw refusalOf(error);
      }
    },
    onResponseError: (_req, error) => {
      if (error instanceof Refusal) return undefined;
      const status = 'status_code' in error ? error.status_code : 500;
      // tus's own size refusal, in the API's error shape.
      if (status === 413) return { status_code: 413, body: JSON.stringify({ message: messages.documentTooLarge }) };
      if (status < 500) return undefined;
      // Our bug, or the disk: logged, and answered without detail.
      app.log.error({ err: error }, 'a document upload failed');
      return { status_code: 500, body: JSON.stringify({ message: messages.serverError }) };
    },
  });

  const serverOf = (collegeId: string): Server => {
    let server = servers.get(collegeId);
    if (!server) {
      server = new Server({ ...options(collegeId), datastore: files.storeOf(collegeId) });
      servers.set(collegeId, server);
    }
    return server;
  };

  const handler = async (request: FastifyRequest<{ Params: { uploadId?: string } }>, reply: FastifyReply) => {
    const { user } = authOf(request);
    const key = request.params.uploadId;
    if (key !== undefined && !isUploadOf(key, user.id)) throw notFound();
    actors.set(request.raw, { user, viewer: await loadViewer(db, user) });
    reply.hijack();
    await serverOf(user.collegeId).handle(request.raw, reply.raw);
  };
  const onRequest = [requireUser(db), requirePermission('content.publish')];
  // In a scope of its own: only these routes leave a chunk's body unread for tus.
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, parsed) => parsed(null));
    scope.route({ method: ['POST'], url: uploadsPath, onRequest, compress: false, handler });
    scope.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${uploadsPath}/:uploadId`, onRequest, compress: false, handler });
    done();
  });
}
