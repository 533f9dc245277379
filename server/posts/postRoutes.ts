import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { post, postFields, postListQuery, postListResponse, restCreatePostBody } from '../../contract/posts';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { Database } from '../db/client';
import { notFound } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import { loadViewer } from '../sync/viewer';
import { writeInCollege } from '../sync/writeInCollege';
import { postToWire } from './postEntities';
import { findVisiblePost, listPosts } from './postQueries';
import { createPost, deletePost, updatePost } from './postService';

const idParams = z.object({ id: z.string().max(100) });

/**
 * Posts over REST for clients that do not sync (the original app's style). Same service,
 * validation and permission as the posts.* mutations; the permission is checked before the
 * body, as for a pushed mutation.
 */
export function postRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const publisher = [signedIn, requirePermission('content.publish')];
  const actorOf = async (request: FastifyRequest): Promise<MutationActor> => {
    const { user, origin } = authOf(request);
    return { user, viewer: await loadViewer(db, user), origin };
  };

  typed.get('/api/v1/posts', { schema: { querystring: postListQuery, response: { 200: postListResponse } }, onRequest: signedIn }, async (request) =>
    listPosts(db, (await actorOf(request)).viewer, request.query),
  );

  typed.get('/api/v1/posts/:id', { schema: { params: idParams, response: { 200: post } }, onRequest: signedIn }, async (request) => {
    const row = await findVisiblePost(db, (await actorOf(request)).viewer, request.params.id);
    if (!row) throw notFound(messages.postNotFound);
    return postToWire(row);
  });

  typed.post('/api/v1/posts', { schema: { body: restCreatePostBody, response: { 201: post } }, onRequest: publisher }, async (request, reply) => {
    const actor = await actorOf(request);
    const args = { ...request.body, id: request.body.id ?? uuidv7() };
    const row = await writeInCollege(db, actor.user.collegeId, (write) => createPost(write, actor, args));
    return reply.code(201).send(postToWire(row));
  });

  typed.put('/api/v1/posts/:id', { schema: { params: idParams, body: postFields, response: { 200: post } }, onRequest: publisher }, async (request) => {
    const actor = await actorOf(request);
    const row = await writeInCollege(db, actor.user.collegeId, (write) => updatePost(write, actor, { ...request.body, id: request.params.id }));
    return postToWire(row);
  });

  typed.delete('/api/v1/posts/:id', { schema: { params: idParams }, onRequest: publisher }, async (request, reply) => {
    const actor = await actorOf(request);
    await writeInCollege(db, actor.user.collegeId, (write) => deletePost(write, actor, { id: request.params.id }));
    return reply.code(204).send();
  });
}
