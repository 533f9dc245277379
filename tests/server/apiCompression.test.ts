import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, hostOf, signIn, startServer, type TestServer } from './harness';

/**
 * A pull page crosses a weak campus link compressed when the device asks for it (every
 * browser does), and plain when it does not; the answer is the same JSON either way.
 */
describe.each(backends)('compressed API answers on $name', (backend) => {
  let server: TestServer;
  let token: string;
  const host = hostOf('colinas');

  beforeAll(async () => {
    server = await startServer(backend);
    token = await signIn(server.app, host, { email: 'staff@colinas.test' });
  });
  afterAll(() => server.close());

  const pull = (acceptEncoding?: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/v1/sync/pull?limit=500',
      headers: { host, authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('answers a pull in br or gzip as asked, plain otherwise, with the same JSON', async () => {
    const plain = await pull();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const page: unknown = JSON.parse(plain.body);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await pull('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(page);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await pull('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(page);
  });

  it('leaves small answers and refusals plain', async () => {
    const health = await server.app.inject({ method: 'GET', url: '/api/health', headers: { host, 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    const refused = await server.app.inject({
      method: 'GET',
      url: '/api/v1/sync/pull?limit=nope',
      headers: { host, authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.parse(refused.body)).toHaveProperty('message');
  });
});
