import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { buildApp } from '../../server/app';
import { requirePermission, requireUser } from '../../server/auth/requireUser';
import { defaultConfig } from '../../server/config';
import { registry } from '../../server/features';
import { backends, hostOf, json, startServer, type TestServer } from './harness';

/**
 * The routes anyone may call, signed in or not: what the app needs before a session
 * (the college, the sign-in, sign-up and recovery forms, the push key), what a
 * service worker, a calendar app or a mail's link calls with a secret of its own, and the static page;
 * a load balancer's probes, and a scraper's figures behind their own token (tests/server/metrics.test.ts).
 * Every other route asks who is asking before it reads its body.
 */
const publicRoutes = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /metrics',
  'POST /api/colleges/domain',
  'POST /api/login-mobile',
  'POST /api/forgot-password-user',
  'POST /api/reset-password-user',
  'POST /api/signup-mobile',
  'GET /api/v1/push/key',
  'POST /api/v1/push/subscriptions/renew',
  'GET /api/v1/calendar/:file',
  // Before a first session: which single sign-on the college offers, and an invitation's
  // link, whose token is the secret (server/invitations/invitationRoutes.ts).
  'GET /api/v1/sso/provider',
  'POST /api/v1/invitations/lookup',
  'POST /api/v1/invitations/accept',
  // Single sign-on's browser round trip and its one-time secret (server/sso/flowRoutes.ts).
  'GET /api/v1/sso/start',
  'GET /api/v1/sso/callback',
  'POST /api/v1/sso/exchange',
  // A sign-in's second step and enrolling within its ticket, after a right password: the
  // ticket is the secret (server/secondFactor/signInRoutes.ts).
  'POST /api/v1/auth/second-factor/totp',
  'POST /api/v1/auth/second-factor/recovery',
  'POST /api/v1/auth/second-factor/webauthn/options',
  'POST /api/v1/auth/second-factor/webauthn',
  'POST /api/v1/auth/second-factor/enrol/totp',
  'POST /api/v1/auth/second-factor/enrol/totp/confirm',
  'POST /api/v1/auth/second-factor/enrol/webauthn/options',
  'POST /api/v1/auth/second-factor/enrol/webauthn',
  // A mail's links: signed for one member and purpose (server/delivery/links.ts); RFC 8058's
  // one-click POST comes from the mail client, without a session.
  'GET /mail/open/:token',
  'GET /mail/unsubscribe/:token',
  'POST /mail/unsubscribe/:token',
  'GET /sanctum/csrf-cookie',
  'GET /manifest.webmanifest',
  'GET /robots.txt',
  'GET *',
]);

/** Every route of the app as `METHOD /path`, read from Fastify's route tree (HEAD left out: it answers as GET). */
function routesOf(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

const someId = '01890000-0000-7000-8000-000000000000';

describe.each(backends)('who is asking comes before what is sent, on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(() => server.close());

  it('answers 401, not 422, to a stranger sending a malformed body or query to any route that needs a session', async () => {
    const routes = routesOf(server.app).filter((route) => !publicRoutes.has(route));
    // The tree was read: the list is the app's, not an empty one.
    expect(routes).toContain('PUT /api/v1/admin/integrations/smtp');
    expect(routes).toContain('POST /api/v1/members/:id/verify-pin');
    expect(routes.length).toBeGreaterThan(60);
    const answers: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET', string];
      const url = `${path.replace(/:[A-Za-z]+/g, someId)}?limit=-1&cursor=%00&period=never&q=${'x'.repeat(600)}`;
      const hasBody = method !== 'GET';
      const response = await server.app.inject({
        method,
        url,
        headers: { host: hostOf('colinas'), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        ...(hasBody ? { payload: JSON.stringify({ to: 12, port: 'x', pin: [], mutations: 'x', rows: {}, title: null, domain: 7 }) } : {}),
      });
      const body = String(response.headers['content-type']).startsWith('application/json') ? json(response) : response.body;
      answers.push(`${route} → ${response.statusCode} ${JSON.stringify(body)}`);
    }
    expect(answers).toEqual(routes.map((route) => `${route} → 401 ${JSON.stringify({ message: messages.unauthenticated })}`));
  });

  it('refuses to start with a guard placed after the body is read', async () => {
    for (const stage of ['preValidation', 'preHandler'] as const) {
      const late = {
        ...registry,
        modules: [
          ...registry.modules,
          {
            name: 'late',
            routes: (app: FastifyInstance) =>
              void app.post('/api/v1/late', { [stage]: [requireUser(server.db), requirePermission('integrations.manage')] }, () => ({})),
          },
        ],
      };
      await expect(buildApp({ db: server.db, config: defaultConfig({ dataDir: server.dataDir }), registry: late })).rejects.toThrow(
        `POST /api/v1/late: ask who is asking in onRequest, not in ${stage}`,
      );
    }
  });
});
