import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const requestIdHeader = 'x-request-id';

/** An id a proxy or a client may hand us: short, and only characters that need no escaping in a log or a header. */
const saneRequestId = /^[\w.:~+/=-]{1,128}$/;

/**
 * The request's id (Fastify's `reqId` on every log line of the request): the one in
 * `X-Request-Id` when it is a sane value, so a proxy's line and ours can be matched, else a
 * new UUID (unique across processes, unlike Fastify's counter).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && saneRequestId.test(given) ? given : randomUUID();
}

/** Every answer carries its request's id, hijacked ones (event streams, uploads) included. Call first. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(requestIdHeader, request.id);
    done();
  });
}

/** Route parameters logged as they are: ids name rows, never what someone wrote or a secret. */
const loggedParams = new Set(['id', 'uploadId', '*']);

/**
 * What the log says of a request: never users' text nor a secret. No body, no headers, no
 * query string (searches and links carry names, addresses and tokens); the path only when
 * its parameters are ids, else the route's pattern (a calendar feed's or a mail link's path
 * is its token).
 */
export function serializeRequest(request: FastifyRequest): { method: string; url: string; [field: string]: unknown } {
  const route = request.routeOptions.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const idsOnly = Object.keys(params).every((name) => loggedParams.has(name));
  const path = request.url.split('?', 1)[0] ?? '';
  return {
    method: request.method,
    url: route === undefined || idsOnly ? path : route,
    ...(route !== undefined ? { route } : {}),
    host: request.host,
    remoteAddress: request.ip,
  };
}

export function serializeReply(reply: Pick<FastifyReply, 'statusCode'>): { statusCode: number } {
  return { statusCode: reply.statusCode };
}
