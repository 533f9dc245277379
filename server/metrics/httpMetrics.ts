import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { AppMetrics } from './appMetrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer lasts as long as the connection (an event stream): counted, never timed. */
    longLived?: boolean;
  }
}

type Series = { count: () => void; time: (seconds: number) => void };

/** Bodies that are files on their way in: a tus chunk, a multipart form (an avatar). */
const uploadTypes = ['application/offset+octet-stream', 'multipart/form-data'];

/**
 * Counts and times every answer by its route's pattern (`/api/v1/posts/:id`, never the
 * URL, whose ids and query would make a series per request) and status. Each route gets a
 * hook of its own that already knows its pattern; the series of a method and status are
 * made once, then found in two small maps, so a request costs no label strings. Requests no
 * route matched count under `route="(unmatched)"`. Call before any route is added.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: AppMetrics['http']): void {
  const seriesOf = (route: string, timed: boolean) => {
    const byMethod = new Map<string, Map<number, Series>>();
    return (method: string, status: number): Series => {
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
      let series = byStatus.get(status);
      if (!series) {
        const counter = metrics.requests.labels(method, route, String(status));
        const histogram = metrics.duration.labels(method, route);
        series = { count: () => counter.inc(), time: timed ? (seconds) => histogram.observe(seconds) : () => undefined };
        byStatus.set(status, series);
      }
      return series;
    };
  };
  const observer = (find: (method: string, status: number) => Series) => (request: FastifyRequest, reply: FastifyReply) => {
    const series = find(request.method, reply.statusCode);
    series.count();
    series.time(reply.elapsedTime / 1000);
  };

  app.addHook('onRoute', (route) => {
    const observe = observer(seriesOf(route.url, route.config?.longLived !== true));
    const hook: onResponseHookHandler = (request, reply, done) => {
      observe(request, reply);
      done();
    };
    route.onResponse = [...[route.onResponse ?? []].flat(), hook];
  });
  const unmatched = observer(seriesOf('(unmatched)', true));
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request, reply);
    done();
  });

  app.addHook('onRequest', (request, reply, done) => {
    const type = request.headers['content-type'];
    if (type !== undefined && uploadTypes.some((upload) => type.startsWith(upload))) {
      metrics.uploadsInProgress.inc();
      // `close` comes once the answer is sent or the connection is gone, hijacked replies included.
      reply.raw.once('close', () => metrics.uploadsInProgress.dec());
    }
    done();
  });
}
