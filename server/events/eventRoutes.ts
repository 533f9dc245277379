import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { event, eventFields, eventListQuery, eventListResponse, restCreateEventBody } from '../../contract/events';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { notFound } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import { loadViewer } from '../sync/viewer';
import { writeInCollege } from '../sync/writeInCollege';
import { eventToWire } from './eventEntities';
import { findVisibleEvent, listEvents } from './eventQueries';
import { createEvent, deleteEvent, updateEvent } from './eventService';

const idParams = z.object({ id: z.string().max(100) });

/**
 * Events over REST for clients that do not sync, in the posts' style (server/posts/postRoutes.ts):
 * the same service, validation and permission as the events.* mutations.
 */
export function eventRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const publisher = [signedIn, requirePermission('content.publish')];
  const actorOf = async (request: FastifyRequest): Promise<MutationActor> => {
    const { user, origin } = authOf(request);
    return { user, viewer: await loadViewer(db, user), origin };
  };

  typed.get('/api/v1/events', { schema: { querystring: eventListQuery, response: { 200: eventListResponse } }, onRequest: signedIn }, async (request) => {
    const actor = await actorOf(request);
    const timeZone = (await ctx.directory.byId(actor.user.collegeId))?.timeZone ?? 'UTC';
    const rows = await listEvents(db, actor.viewer, timeZone, request.query);
    return { data: rows.map(eventToWire) };
  });

  typed.get('/api/v1/events/:id', { schema: { params: idParams, response: { 200: event } }, onRequest: signedIn }, async (request) => {
    const row = await findVisibleEvent(db, (await actorOf(request)).viewer, request.params.id);
    if (!row) throw notFound(messages.eventNotFound);
    return eventToWire(row);
  });

  typed.post('/api/v1/events', { schema: { body: restCreateEventBody, response: { 201: event } }, onRequest: publisher }, async (request, reply) => {
    const actor = await actorOf(request);
    const args = { ...request.body, id: request.body.id ?? uuidv7() };
    const row = await writeInCollege(db, actor.user.collegeId, (write) => createEvent(write, actor, args));
    return reply.code(201).send(eventToWire(row));
  });

  typed.put('/api/v1/events/:id', { schema: { params: idParams, body: eventFields, response: { 200: event } }, onRequest: publisher }, async (request) => {
    const actor = await actorOf(request);
    const row = await writeInCollege(db, actor.user.collegeId, (write) => updateEvent(write, actor, { ...request.body, id: request.params.id }));
    return eventToWire(row);
  });

  typed.delete('/api/v1/events/:id', { schema: { params: idParams }, onRequest: publisher }, async (request, reply) => {
    const actor = await actorOf(request);
    await writeInCollege(db, actor.user.collegeId, (write) => deleteEvent(write, actor, { id: request.params.id }));
    return reply.code(204).send();
  });
}
