import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { college as collegeSchema } from '../../contract/college';
import { messages } from '../../contract/messages';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';

describe.each(backends)('colleges on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(() => server.close());

  const byDomain = (domain: unknown) => server.app.inject({ method: 'POST', url: '/api/colleges/domain', payload: { domain } });

  it('finds each demo college by domain, origin and subdomain with every field of the record', async () => {
    const cases: [string, string, string][] = [
      ['localhost', 'colinas', 'Colegio Las Colinas'],
      ['http://127.0.0.1:8080', 'colinas', 'Colegio Las Colinas'],
      ['british.localhost', 'british', "St. George's British School"],
      ['https://app.alianza.example.cl', 'alianza', 'Alianza Francesa'],
    ];
    for (const [domain, slug, name] of cases) {
      const response = await byDomain(domain);
      expect(response.statusCode, domain).toBe(200);
      const record = collegeSchema.parse(json(response));
      expect(record).toMatchObject({ slug, name, language: 'es' });
      expect(record.places).toHaveLength(2);
      expect(record.courses.map((c) => c.name)).toEqual(['Básica', 'Media']);
      expect(record.grades.map((g) => g.name)).toEqual([
        '1° Básico',
        '2° Básico',
        '3° Básico',
        '4° Básico',
        '5° Básico',
        '6° Básico',
        '7° Básico',
        '8° Básico',
        'I Medio',
        'II Medio',
        'III Medio',
        'IV Medio',
      ]);
      expect(record.sections).toHaveLength(24);
      expect(record.setting.theme_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(record.image_menu).toBe(`/colleges/${slug}/logo.svg`);
      expect(record.image).toBe(`/colleges/${slug}/hero.svg`);
    }
  });

  it('gives the three colleges different theme colours, and only colinas allows sign-up', async () => {
    const records = await Promise.all(['localhost', 'british.localhost', 'alianza.localhost'].map(async (d) => collegeSchema.parse(json(await byDomain(d)))));
    expect(new Set(records.map((r) => r.setting.theme_color)).size).toBe(3);
    expect(records.map((r) => r.allow_signup)).toEqual([true, false, false]);
  });

  it('answers 404 for an unknown domain and 422 for a missing one', async () => {
    const unknown = await byDomain('www.example.org');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ message: messages.collegeNotFound });
    const missing = await byDomain('');
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(missing).errors)).toEqual(['domain']);
  });

  it("answers the token's college on /api/v1/session/college, and 401 without a token", async () => {
    const token = await signIn(server.app, hostOf('british'), { email: 'staff@british.test' });
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/session/college', headers: { host: hostOf('british'), ...bearer(token) } });
    expect(response.statusCode).toBe(200);
    expect(collegeSchema.parse(json(response)).name).toBe("St. George's British School");
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/session/college', headers: { host: hostOf('british') } });
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toEqual({ message: 'Unauthenticated.' });
  });

  it('serves a web app manifest per host, with maskable icons', async () => {
    const names: string[] = [];
    for (const slug of ['british', 'colinas', 'alianza'] as const) {
      const response = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: `${hostOf(slug)}:8080` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/manifest+json');
      const manifest = json<{
        name: string;
        start_url: string;
        scope: string;
        display: string;
        lang: string;
        dir: string;
        theme_color: string;
        icons: { src: string; purpose: string; sizes: string }[];
      }>(response);
      names.push(manifest.name);
      expect(manifest).toMatchObject({ start_url: '/app', scope: '/', display: 'standalone', lang: 'es', dir: 'ltr' });
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(manifest.icons.map((i) => i.src)).toEqual([
        `/colleges/${slug}/icon-192.png`,
        `/colleges/${slug}/icon-512.png`,
        `/colleges/${slug}/icon-maskable-512.png`,
      ]);
      expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    }
    expect(names).toEqual(["St. George's British School", 'Colegio Las Colinas', 'Alianza Francesa']);
    const unknown = await server.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'example.org' } });
    expect(unknown.statusCode).toBe(404);
  });
});
