import type { FastifyInstance } from 'fastify';

/**
 * Only the public pages are worth a crawler's visit; everything else needs a session. A
 * list of what is allowed (not of what is not), so a screen added later stays out of
 * search engines without editing this file; the signed-in paths are named too, for readers.
 * The files those pages load stay allowed: crawlers render pages, and link previews fetch
 * the college image.
 */
export const robotsTxt = `User-agent: *
Allow: /$
Allow: /auth/login
Allow: /auth/signup-no
Allow: /assets/
Allow: /colleges/
Allow: /icons/
Allow: /boot.js
Allow: /favicon.svg
Allow: /manifest.webmanifest
Disallow: /api/
Disallow: /sanctum/
Disallow: /uploads/
Disallow: /app
Disallow: /blog
Disallow: /admin
Disallow: /users
Disallow: /auth/reset-password
Disallow: /
`;

export function registerRobots(app: FastifyInstance): void {
  app.get('/robots.txt', (_request, reply) =>
    reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt),
  );
}
