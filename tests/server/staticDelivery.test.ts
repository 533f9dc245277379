import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { precompressDir } from '../../scripts/precompress';
import { colleges } from '../../server/db/schema';
import { catalogSource, screenSources } from '../../server/http/preloads';
import { backends, hostOf, json, startServer, type TestServer } from './harness';

/** Like a built tree: the real index.html, a hashed script, the service worker, a small file. */
async function fakeBuild(): Promise<{ dir: string; script: string; template: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'patio-dist-'));
  await mkdir(join(dir, 'assets'));
  const template = (await readFile('index.html', 'utf8')).replace(
    '</head>',
    '  <script type="module" crossorigin src="/assets/index-abc123.js"></script>\n  </head>',
  );
  // Text that compresses, but not to nothing (random words).
  const words = Array.from({ length: 4000 }, () => `w${randomBytes(1).readUInt8() % 50}`);
  const script = `export const words = ${JSON.stringify(words)};\n`;
  await writeFile(join(dir, 'index.html'), template);
  await writeFile(join(dir, 'assets', 'index-abc123.js'), script);
  await writeFile(join(dir, 'sw.js'), `self.addEventListener('install', () => {}); // ${'precache '.repeat(200)}`);
  await writeFile(join(dir, 'boot.js'), 'document.documentElement.dataset.boot = "1";');
  // Vite's manifest (build.manifest) of the screens the page preloads.
  await mkdir(join(dir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react-r1.js'] },
    '_react-r1.js': { file: 'assets/react-r1.js' },
    '_shared-s1.js': { file: 'assets/shared-s1.js', imports: ['_react-r1.js', 'index.html'] },
    'src/features/landing/LandingRoute.ts': { file: 'assets/LandingRoute-l1.js', imports: ['index.html', '_shared-s1.js'] },
    'src/features/auth/LoginRoute.ts': { file: 'assets/LoginRoute-g1.js', imports: ['_shared-s1.js'] },
    'src/app/SignedInArea.tsx': { file: 'assets/SignedInArea-a1.js', imports: ['_shared-s1.js'], css: ['assets/SignedInArea-a1.css'] },
    'src/features/home/HomeRoute.ts': { file: 'assets/HomeRoute-h1.js' },
    'src/features/posts/latestNewsRoute.ts': { file: 'assets/latestNewsRoute-n1.js' },
    'src/locales/es/messages.po': { file: 'assets/messages-es1.js' },
    'src/locales/ar/messages.po': { file: 'assets/messages-ar1.js' },
  };
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await precompressDir(dir);
  return { dir, script, template };
}

const decoded = (response: LightMyRequestResponse): string => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.body;
};

const metaContent = (html: string, attribute: string, key: string): string | undefined =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

it('preloads only screens that exist: every source the server names is a file of src/', () => {
  for (const source of [...screenSources, catalogSource('es')]) expect(existsSync(source), source).toBe(true);
});

describe.each(backends)('static delivery on $name', (backend) => {
  let server: TestServer;
  let build: Awaited<ReturnType<typeof fakeBuild>>;

  beforeAll(async () => {
    build = await fakeBuild();
    server = await startServer(backend, { staticDir: build.dir });
    // Before the first request, so the college directory reads it.
    await server.db.update(colleges).set({ name: 'Alianza <Française> "&" École', language: 'ar', themeColor: '#b3261e' }).where(eq(colleges.slug, 'alianza'));
  });
  afterAll(async () => {
    await server.close();
    await rm(build.dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { host: hostOf('colinas'), ...headers } });

  it('sends the brotli copy of a script to a browser that accepts br, and caches hashed assets for a year', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(build.script.length / 2);
    expect(decoded(response)).toBe(build.script);
  });

  it('sends the gzip copy when only gzip is accepted, and the file itself when nothing is', async () => {
    const gzipped = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['vary']).toMatch(/accept-encoding/i);
    expect(decoded(gzipped)).toBe(build.script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(build.script);

    // A file too small to have compressed copies is sent as it is, still varying on the encoding.
    const small = await get('/boot.js', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('keeps the service worker revalidated on every load when it is sent compressed', async () => {
    const response = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('renders the college of the host into the page: title, description, Open Graph, theme colour, manifest, language', async () => {
    const british = await get('/', { host: hostOf('british') });
    expect(british.statusCode).toBe(200);
    expect(british.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(british.headers['cache-control']).toBe('no-cache');
    const html = british.body;
    expect(html).toContain('<title>St. George&#39;s British School</title>');
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(metaContent(html, 'name', 'description')).toBe('St. George&#39;s British School management application');
    expect(metaContent(html, 'property', 'og:title')).toBe('St. George&#39;s British School');
    expect(metaContent(html, 'property', 'og:description')).toBe('St. George&#39;s British School management application');
    expect(metaContent(html, 'property', 'og:image')).toBe('http://british.localhost/colleges/british/hero.svg');
    expect(metaContent(html, 'property', 'og:locale')).toBe('es');
    expect(metaContent(html, 'property', 'og:url')).toBe('http://british.localhost/');
    expect(metaContent(html, 'name', 'theme-color')).toBe('#1d3a6e');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/colleges/british/apple-touch-icon.png" />');
    // Each tag once, and the scripts of the build untouched.
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');

    const colinas = await get('/auth/login?next=%2Fapp');
    expect(colinas.body).toContain('<title>Colegio Las Colinas</title>');
    expect(metaContent(colinas.body, 'property', 'og:url')).toBe('http://localhost/auth/login');
    expect(metaContent(colinas.body, 'name', 'theme-color')).toBe('#2f7d4f');
    expect(colinas.body).not.toContain('St. George');
  });

  it('renders the service worker’s precached shell (/index.html) for the college too', async () => {
    const response = await get('/index.html?__WB_REVISION__=abc', { host: hostOf('british') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>St. George&#39;s British School</title>');
  });

  it('escapes what a college name holds, and writes a right-to-left language’s direction', async () => {
    const html = (await get('/app', { host: hostOf('alianza') })).body;
    expect(html).toContain('<title>Alianza &#60;Française&#62; &#34;&#38;&#34; École</title>');
    expect(metaContent(html, 'property', 'og:title')).toBe('Alianza &#60;Française&#62; &#34;&#38;&#34; École');
    expect(html).not.toContain('<Française>');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(metaContent(html, 'property', 'og:locale')).toBe('ar');
  });

  it('writes the college’s public record into the page as data, the same as POST /api/colleges/domain answers', async () => {
    const html = (await get('/', { host: hostOf('alianza') })).body;
    const element = /<script type="application\/json" id="patio-college">([^<]*)<\/script>/.exec(html);
    expect(element).not.toBeNull();
    // The name's `<` is escaped inside the element, so nothing a college holds can close it.
    expect(element![1]).toContain('\\u003cFrançaise>');
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/colleges/domain',
      headers: { host: hostOf('alianza') },
      payload: { domain: hostOf('alianza') },
    });
    expect(JSON.parse(element![1]!)).toEqual(json(answer));
    // No script the CSP would refuse: the only inline element is data.
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toEqual(['<script type="application/json" id="patio-college">']);
  });

  it('preloads the first screen’s code and the college’s language catalog, less what the page loads anyway', async () => {
    const modulepreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
    const landing = await get('/');
    expect(landing.headers['vary']).toMatch(/cookie/i);
    // The hero (the landing's largest paint, a CSS background) and the logo, found before any script runs.
    expect(landing.body).toContain('<link rel="preload" as="image" href="/colleges/colinas/hero.svg" fetchpriority="high">');
    expect(landing.body).toContain('<link rel="preload" as="image" href="/colleges/colinas/logo.svg">');
    expect(modulepreloads(landing.body)).toEqual(['assets/LandingRoute-l1.js', 'assets/shared-s1.js', 'assets/react-r1.js', 'assets/messages-es1.js']);

    const login = await get('/auth/login?redirect=%2Fapp', { host: hostOf('alianza') });
    expect(modulepreloads(login.body)).toEqual(['assets/LoginRoute-g1.js', 'assets/shared-s1.js', 'assets/react-r1.js', 'assets/messages-ar1.js']);

    // Signed in (the session cookie), the landing sends the visitor home: home's code.
    const home = await get('/', { cookie: 'theme=dark; token=abc' });
    expect(home.body).not.toContain('as="image"');
    expect(modulepreloads(home.body)).toEqual([
      'assets/SignedInArea-a1.js',
      'assets/shared-s1.js',
      'assets/react-r1.js',
      'assets/HomeRoute-h1.js',
      'assets/latestNewsRoute-n1.js',
      'assets/messages-es1.js',
    ]);
    expect(home.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/SignedInArea-a1.css">');
    expect(home.headers.etag).not.toBe(landing.headers.etag);

    // A path with no screen of its own gets the catalog only.
    expect(modulepreloads((await get('/nowhere/at/all')).body)).toEqual(['assets/messages-es1.js']);
  });

  it('keeps the built page as it is for a host of no college', async () => {
    const response = await get('/', { host: 'nowhere.example' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(build.template);
  });

  it('compresses the rendered page when asked, with an ETag per encoding that answers 304', async () => {
    const plain = await get('/', { host: hostOf('british') });
    const br = await get('/', { host: hostOf('british'), 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(decoded(br)).toBe(plain.body);

    const gzipped = await get('/', { host: hostOf('british'), 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzipped)).toBe(plain.body);

    const etags = new Set([plain.headers.etag, br.headers.etag, gzipped.headers.etag]);
    expect(etags.size).toBe(3);
    const again = await get('/', { host: hostOf('british'), 'accept-encoding': 'gzip, deflate, br', 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('serves a real robots.txt: the pages allowed, the API, uploads, reset and invitation links not', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).not.toContain('<html');
    const lines = response.body.split('\n');
    for (const line of [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /sanctum/',
      'Disallow: /uploads/',
      'Disallow: /auth/reset-password',
      'Disallow: /auth/invitation',
      'Allow: /',
    ]) {
      expect(lines).toContain(line);
    }
    expect(lines).not.toContain('Disallow: /');
  });

  it('still answers unknown API paths and missing assets with 404, never the page', async () => {
    const api = await get('/api/nothing-here', { 'accept-encoding': 'br' });
    expect(api.statusCode).toBe(404);
    expect(json(api)).toEqual({ message: messages.notFound });
    const asset = await get('/assets/gone-000.js', { 'accept-encoding': 'br' });
    expect(asset.statusCode).toBe(404);
  });
});
