import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactFields, contactListQuery, contactListResponse, contactRow, restCreateContactBody } from '../../contract/contacts';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { notFound } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import { loadViewer } from '../sync/viewer';
import { writeInCollege } from '../sync/writeInCollege';
import { contactToWire } from './contactEntities';
import { findVisibleContact, listContacts } from './contactQueries';
import { createContact, deleteContact, updateContact } from './contactService';

const idParams = z.object({ id: z.string().max(100) });

/**
 * The directory over REST, for clients that do not sync: members read what is meant for
 * them; administrators write under `/api/v1/admin/contacts`, through the same service as
 * the mutations.
 */
export function contactRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const admin = [signedIn, requirePermission('contacts.manage')];
  const actorOf = async (request: FastifyRequest): Promise<MutationActor> => {
    const { user } = authOf(request);
    return { user, viewer: await loadViewer(db, user) };
  };
  const inCollege = <T>(actor: MutationActor, work: Parameters<typeof writeInCollege<T>>[2]) => writeInCollege(db, actor.user.collegeId, work);

  typed.get('/api/v1/contacts', { schema: { querystring: contactListQuery, response: { 200: contactListResponse } }, onRequest: signedIn }, async (request) => {
    const rows = await listContacts(db, (await actorOf(request)).viewer, request.query);
    return { data: rows.map(contactToWire) };
  });

  typed.get('/api/v1/contacts/:id', { schema: { params: idParams, response: { 200: contactRow } }, onRequest: signedIn }, async (request) => {
    const row = await findVisibleContact(db, (await actorOf(request)).viewer, request.params.id);
    if (!row) throw notFound(messages.contactNotFound);
    return contactToWire(row);
  });

  typed.post('/api/v1/admin/contacts', { schema: { body: restCreateContactBody, response: { 201: contactRow } }, onRequest: admin }, async (request, reply) => {
    const actor = await actorOf(request);
    const args = { ...request.body, id: request.body.id ?? uuidv7() };
    const row = await inCollege(actor, (write) => createContact(write, actor, args));
    return reply.code(201).send(contactToWire(row));
  });

  typed.put(
    '/api/v1/admin/contacts/:id',
    { schema: { params: idParams, body: contactFields, response: { 200: contactRow } }, onRequest: admin },
    async (request) => {
      const actor = await actorOf(request);
      const row = await inCollege(actor, (write) => updateContact(write, actor, { ...request.body, id: request.params.id }));
      return contactToWire(row);
    },
  );

  typed.delete('/api/v1/admin/contacts/:id', { schema: { params: idParams }, onRequest: admin }, async (request, reply) => {
    const actor = await actorOf(request);
    await inCollege(actor, (write) => deleteContact(write, actor, { id: request.params.id }));
    return reply.code(204).send();
  });
}
