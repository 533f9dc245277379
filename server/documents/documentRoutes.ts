import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentCategory,
  documentCategoryFields,
  documentCategoryListResponse,
  documentListQuery,
  documentListResponse,
  documentRow,
  restCreateDocumentCategoryBody,
} from '../../contract/documents';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { notFound } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import { loadViewer } from '../sync/viewer';
import { writeInCollege } from '../sync/writeInCollege';
import { categoryToWire, documentToWire } from './documentEntities';
import { findVisibleDocument, listCategories, listDocuments } from './documentQueries';
import { createCategory, deleteCategory, deleteDocument, markDownloaded, updateCategory } from './documentService';
import { sweepDeletedFiles } from './fileSweep';
import type { DocumentFiles } from './fileStore';

const idParams = z.object({ id: z.string().max(100) });

/** Documents and their categories over REST, for clients that do not sync: the same service as the mutations. */
export function documentRoutes(app: FastifyInstance, ctx: AppContext, files: DocumentFiles): void {
  const { db } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const admin = [signedIn, requirePermission('documents.categories.manage')];
  const actorOf = async (request: FastifyRequest): Promise<MutationActor> => {
    const { user } = authOf(request);
    return { user, viewer: await loadViewer(db, user) };
  };
  const inCollege = <T>(actor: MutationActor, work: Parameters<typeof writeInCollege<T>>[2]) => writeInCollege(db, actor.user.collegeId, work);

  typed.get(
    '/api/v1/documents',
    { schema: { querystring: documentListQuery, response: { 200: documentListResponse } }, onRequest: signedIn },
    async (request) => {
      const rows = await listDocuments(db, (await actorOf(request)).viewer, request.query);
      return { data: rows.map(documentToWire) };
    },
  );

  typed.get('/api/v1/documents/:id', { schema: { params: idParams, response: { 200: documentRow } }, onRequest: signedIn }, async (request) => {
    const row = await findVisibleDocument(db, (await actorOf(request)).viewer, request.params.id);
    if (!row) throw notFound(messages.documentNotFound);
    return documentToWire(row);
  });

  typed.delete(
    '/api/v1/documents/:id',
    { schema: { params: idParams }, onRequest: [signedIn, requirePermission('content.publish')] },
    async (request, reply) => {
      const actor = await actorOf(request);
      await inCollege(actor, (write) => deleteDocument(write, actor, { id: request.params.id }));
      await sweepDeletedFiles(db, files, actor.user.collegeId);
      return reply.code(204).send();
    },
  );

  typed.post('/api/v1/documents/:id/downloaded', { schema: { params: idParams }, onRequest: signedIn }, async (request, reply) => {
    const actor = await actorOf(request);
    await inCollege(actor, (write) => markDownloaded(write, actor, { id: request.params.id }));
    return reply.code(204).send();
  });

  typed.get('/api/v1/document-categories', { schema: { response: { 200: documentCategoryListResponse } }, onRequest: signedIn }, async (request) => {
    const rows = await listCategories(db, authOf(request).user.collegeId);
    return { data: rows.map(categoryToWire) };
  });

  typed.post(
    '/api/v1/document-categories',
    { schema: { body: restCreateDocumentCategoryBody, response: { 201: documentCategory } }, onRequest: admin },
    async (request, reply) => {
      const actor = await actorOf(request);
      const args = { ...request.body, id: request.body.id ?? uuidv7() };
      const row = await inCollege(actor, (write) => createCategory(write, actor, args));
      return reply.code(201).send(categoryToWire(row));
    },
  );

  typed.put(
    '/api/v1/document-categories/:id',
    { schema: { params: idParams, body: documentCategoryFields, response: { 200: documentCategory } }, onRequest: admin },
    async (request) => {
      const actor = await actorOf(request);
      const row = await inCollege(actor, (write) => updateCategory(write, actor, { ...request.body, id: request.params.id }));
      return categoryToWire(row);
    },
  );

  typed.delete('/api/v1/document-categories/:id', { schema: { params: idParams }, onRequest: admin }, async (request, reply) => {
    const actor = await actorOf(request);
    await inCollege(actor, (write) => deleteCategory(write, actor, { id: request.params.id }));
    return reply.code(204).send();
  });
}
