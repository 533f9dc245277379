import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages';
import { notFound } from '../http/errors';
import type { CollegeDirectory, CollegeRow } from './collegeDirectory';

declare module 'fastify' {
  interface FastifyRequest {
    /** The college of the Host header, or null when the host matches none. */
    college: CollegeRow | null;
  }
}

export function registerTenancy(app: FastifyInstance, directory: CollegeDirectory): void {
  app.decorateRequest('college', null);
  app.addHook('onRequest', async (request) => {
    request.college = (await directory.forHost(request.host)) ?? null;
  });
}

/** The request's college; an unknown host answers 404 `{message}`. */
export function collegeOf(request: FastifyRequest): CollegeRow {
  if (!request.college) throw notFound(messages.collegeNotFound);
  return request.college;
}
