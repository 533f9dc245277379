import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contract/messages';
import { AppShell, type CollegeRecord } from './appShell';

/** Paths that never fall back to the app: the API and files that must exist. */
const noFallback = /^\/(api|sanctum|uploads|assets)(\/|$)/;

/**
 * The built PWA. Text files are sent as the `.br`/`.gz` made at build (scripts/precompress.ts)
 * when the request accepts it, with `Vary: Accept-Encoding`. `index.html` and `sw.js` are
 * revalidated on every load (so a new version is found at once); hashed files under
 * `/assets` never change. `/`, `/index.html` (the service worker's precached shell) and
 * any other GET that is not a file (client-side routes) get index.html rendered for the
 * request's college (server/http/appShell.ts); unknown API paths answer 404 JSON.
 */
export async function registerStaticFiles(app: FastifyInstance, staticDir: string | null, collegeRecord: CollegeRecord): Promise<void> {
  const hasApp = staticDir !== null && existsSync(join(staticDir, 'index.html'));
  const shell = hasApp ? new AppShell(join(staticDir, 'index.html'), collegeRecord) : null;
  if (staticDir !== null && existsSync(staticDir)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      preCompressed: true,
      // `/` is the rendered shell (below), not the file.
      index: false,
      cacheControl: false,
      setHeaders: (res, path) => {
        // The path of the file sent: `x.js.br` is `x.js` for caching.
        const file = path.replace(/\.(br|gz)$/, '');
        if (file.includes(`${sep}assets${sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (/(^|[\\/])(sw\.js|index\.html)$/.test(file) || file.endsWith('.webmanifest')) {
          res.header('Cache-Control', 'no-cache');
        } else {
          res.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }
  if (shell) {
    for (const url of ['/', '/index.html']) app.get(url, (request, reply) => shell.send(request, reply));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (shell && (request.method === 'GET' || request.method === 'HEAD') && !noFallback.test(path)) {
      return shell.send(request, reply);
    }
    return reply.code(404).send({ message: messages.notFound });
  });
}
