import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages';
import { notFound } from '../http/errors';
import type { CollegeDirectory, CollegeRow } from './collegeDirectory';

declare module 'fastify' {
  interface FastifyRequest {
    /** The college of the Host header, or null when the host matches none. */
    college: CollegeRow | null;
  }
  interface FastifyContextConfig {
    /** Answered without the college (probes and scrapes): they answer while the database does not. */
    withoutCollege?: boolean;
  }
}

export function registerTenancy(app: FastifyInstance, directory: CollegeDirectory): void {
  app.decorateRequest('college', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.withoutCollege === true) return;
    request.college = (await directory.forHost(request.host)) ?? null;
  });
}

/** The request's college; an unknown host answers 404 `{message}`. */
export function collegeOf(request: FastifyRequest): CollegeRow {
  if (!request.college) throw notFound(messages.collegeNotFound);
  return request.college;
}
