import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contract/messages';

/** Paths that never fall back to the app: the API and files that must exist. */
const noFallback = /^\/(api|sanctum|uploads|assets)(\/|$)/;

/**
 * The built PWA. `index.html` and `sw.js` are revalidated on every load (so a new version
 * is found at once); hashed files under `/assets` never change. Any other GET that is not
 * a file gets `index.html` (client-side routes); unknown API paths answer 404 JSON.
 */
export async function registerStaticFiles(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const hasApp = staticDir !== null && existsSync(join(staticDir, 'index.html'));
  if (staticDir !== null && existsSync(staticDir)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      setHeaders: (res, path) => {
        if (path.includes(`${sep}assets${sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (/(^|[\\/])(sw\.js|index\.html)$/.test(path) || path.endsWith('.webmanifest')) {
          res.header('Cache-Control', 'no-cache');
        } else {
          res.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (hasApp && (request.method === 'GET' || request.method === 'HEAD') && !noFallback.test(path)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ message: messages.notFound });
  });
}
