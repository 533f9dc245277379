import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { messages } from '../../contract/messages';
import { HttpError, notFound } from '../http/errors';

/**
 * `GET /metrics`: the registry in Prometheus' text format, for a scraper that sends
 * `Authorization: Bearer <PATIO_METRICS_TOKEN>`. Without a token configured the route does
 * not exist for anyone (404); a missing or wrong token is 401. The token is compared as
 * SHA-256 digests with `timingSafeEqual`: equal lengths whatever was sent, and the time taken
 * says nothing of how much of it matched.
 */
export function metricsRoute(app: FastifyInstance, registry: Registry, token: string | null): void {
  const expected = token === null ? null : digest(token);
  app.get('/metrics', { config: { withoutCollege: true } }, async (request, reply) => {
    if (expected === null) throw notFound();
    const given = bearerOf(request.headers.authorization);
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, messages.unauthenticated);
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerOf(header: string | undefined): string | null {
  const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
  return match ? match[1]! : null;
}
