import type { FastifyInstance } from 'fastify';

/**
 * What a crawler may fetch. Every page of the app may be: a public page shows the school's
 * title, description and sign-in, and a signed-in page (News, a post…) sends a visitor
 * without a session to that same sign-in, so an index only ever holds the school's public
 * face, never anyone's data (that stays behind the API, which is closed here). Blocking the
 * app's paths instead only made link checkers and Lighthouse report them as hidden, and
 * changed nothing a search engine could show. Closed: the API, its session endpoint, uploaded
 * files (their addresses are for signed-in people), the password reset and the invitation,
 * whose addresses carry a one-time token.
 */
export const robotsTxt = `User-agent: *
Disallow: /api/
Disallow: /sanctum/
Disallow: /uploads/
Disallow: /auth/reset-password
Disallow: /auth/invitation
Allow: /
`;

export function registerRobots(app: FastifyInstance): void {
  app.get('/robots.txt', (_request, reply) =>
    reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt),
  );
}
