import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { backends, hostOf, json, startServer, type TestServer } from './harness';

describe.each(backends)('HTTP basics on $name', (backend) => {
  let server: TestServer;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'patio-dist-'));
    await mkdir(join(distDir, 'assets'));
    await writeFile(join(distDir, 'index.html'), '<!doctype html><title>Patio</title>');
    await writeFile(join(distDir, 'sw.js'), 'self.addEventListener("install", () => {});');
    await writeFile(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    server = await startServer(backend, { staticDir: distDir });
  });
  afterAll(async () => {
    await server.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('answers the health check', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
  });

  it('sends a strict CSP, nosniff and no-framing headers on API answers, errors and pages', async () => {
    for (const url of ['/api/health', '/api/v1/user', '/api/nothing-here', '/app']) {
      const response = await server.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('answers malformed JSON with a 400 message, not a 500', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/login-mobile',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "admin@colinas.test",',
    });
    expect(response.statusCode).toBe(400);
    expect(typeof json(response).message).toBe('string');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/login-mobile',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(typeof json(response).message).toBe('string');
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/login-mobile',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({ message: messages.payloadTooLarge });
  });

  it('answers an empty body with the 422 of every required field', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/forgot-password-user' });
    expect(response.statusCode).toBe(422);
    expect(json(response)).toEqual({ message: messages.required, errors: { email: [messages.required] } });
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ message: messages.notFound });
  });

  it('answers API calls on an unknown host with 404', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/login-mobile',
      headers: { host: 'unknown.example.org' },
      payload: { email: 'admin@colinas.test', password: 'x' },
    });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ message: messages.collegeNotFound });
  });

  it('sets the XSRF-TOKEN cookie with 204', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', headers: { host: hostOf('colinas') } });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value.length).toBeGreaterThan(20);
    expect(cookie?.path).toBe('/');
  });

  it('serves the app for client routes, revalidates index.html and sw.js, and caches hashed assets forever', async () => {
    // A host of no college: the built page as it is.
    const page = await server.app.inject({ method: 'GET', url: '/app/profile', headers: { host: 'nowhere.example' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Patio</title>');

    const sw = await server.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');

    const asset = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const missingAsset = await server.app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(missingAsset.statusCode).toBe(404);
  });
});
