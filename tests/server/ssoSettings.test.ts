import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoSettings } from '../../server/sso/schema';
import { messages } from '../../contract/messages';
import type { SsoSettingsView } from '../../contract/sso';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';

const settings = {
  display_name: 'Google Workspace',
  issuer: 'https://accounts.google.com',
  client_id: 'patio-client',
  client_secret: 'not-sent-back',
  allowed_domains: ['@Colinas.test'],
};

describe.each(backends)('single sign-on settings ($name)', (backend) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const host = hostOf('colinas');

  beforeAll(async () => {
    server = await startServer(backend);
    for (const role of ['admin', 'staff', 'student', 'guardian'] as const) tokens[role] = await signIn(server.app, host, { email: `${role}@colinas.test` });
    tokens.british = await signIn(server.app, hostOf('british'), { email: 'admin@british.test' });
  });
  afterAll(() => server?.close());

  const put = (token: string, payload: unknown, on = host) =>
    server.app.inject({ method: 'PUT', url: '/api/v1/admin/integrations/sso', headers: { host: on, ...bearer(token) }, payload: payload as object });
  const provider = (on: string) => server.app.inject({ method: 'GET', url: '/api/v1/sso/provider', headers: { host: on } });

  it('saves the settings of the admin’s own college, seals the secret and never sends it back; the public answer names the provider', async () => {
    expect((await provider(host)).json()).toEqual({ provider: null });
    const saved = await put(tokens.admin!, settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('not-sent-back');
    expect(json<{ data: SsoSettingsView }>(saved).data).toMatchObject({
      display_name: 'Google Workspace',
      client_secret_set: true,
      allowed_domains: ['colinas.test'],
      enabled: true,
    });
    const [row] = await server.db.select().from(ssoSettings);
    expect(row!.clientSecretEncrypted).not.toContain('not-sent-back');
    expect(row!.clientSecretEncrypted).not.toBe('');

    expect((await provider(host)).json()).toEqual({ provider: { displayName: 'Google Workspace' } });
    // Another college sees none, and its admin reads none of this college's settings.
    expect((await provider(hostOf('british'))).json()).toEqual({ provider: null });
    const theirs = await server.app.inject({
      method: 'GET',
      url: '/api/v1/admin/integrations/sso',
      headers: { host: hostOf('british'), ...bearer(tokens.british!) },
    });
    expect(theirs.json()).toEqual({ data: null });

    // A blank secret keeps the stored one; disabling hides the button.
    const kept = await put(tokens.admin!, { ...settings, client_secret: '', enabled: false });
    expect(json<{ data: SsoSettingsView }>(kept).data.client_secret_set).toBe(true);
    expect((await provider(host)).json()).toEqual({ provider: null });
  });

  it('refuses an issuer that is not https except on a loopback host, and changes nothing', async () => {
    const before = await server.db.select().from(ssoSettings).where(eq(ssoSettings.issuer, settings.issuer));
    for (const issuer of ['http://accounts.example.com', 'ftp://x.example', 'https://x.example/?a=1', 'not a url']) {
      const refused = await put(tokens.admin!, { ...settings, issuer });
      expect(refused.statusCode).toBe(422);
      // The message the settings card shows beside the field, in the person's language.
      expect(json<{ errors: Record<string, string[]> }>(refused).errors).toEqual({ issuer: [messages.ssoIssuerInvalid] });
    }
    expect(await server.db.select().from(ssoSettings).where(eq(ssoSettings.issuer, settings.issuer))).toEqual(before);
    expect((await put(tokens.admin!, { ...settings, issuer: 'http://127.0.0.1:4010' })).statusCode).toBe(200);
  });

  it('is for administrators only', async () => {
    for (const role of ['staff', 'student', 'guardian']) {
      expect((await put(tokens[role]!, settings)).statusCode).toBe(403);
      const read = await server.app.inject({ method: 'GET', url: '/api/v1/admin/integrations/sso', headers: { host, ...bearer(tokens[role]!) } });
      expect(read.statusCode).toBe(403);
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/admin/integrations/sso', headers: { host } })).statusCode).toBe(401);
  });
  it('answers whatever settings a device sends with the settings or a 4xx, never a 5xx, and keeps its last good ones otherwise', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('', ' ', '\u0000', 'https://accounts.google.com', 'http://127.0.0.1:1'),
    );
    const value = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }));
    const body = fc.oneof(
      fc.record(
        {
          display_name: text,
          issuer: text,
          client_id: text,
          client_secret: text,
          allowed_domains: fc.array(text, { maxLength: 4 }),
          enabled: fc.boolean(),
          clear_client_secret: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.constantFrom('display_name', 'issuer', 'client_id', 'client_secret', 'allowed_domains', 'enabled', 'clear_client_secret', 'x'), value),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const read = async () => {
          const answer = await server.app.inject({ method: 'GET', url: '/api/v1/admin/integrations/sso', headers: { host, ...bearer(tokens.admin!) } });
          expect(answer.statusCode).toBe(200);
          return json<{ data: SsoSettingsView | null }>(answer).data;
        };
        const before = await read();
        const answer = await server.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/integrations/sso',
          headers: { host, ...bearer(tokens.admin!), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expect(answer.statusCode).toBeLessThan(500);
        expect(await read()).toEqual(answer.statusCode === 200 ? json<{ data: SsoSettingsView }>(answer).data : before);
      }),
      { numRuns: 60 },
    );
    expect((await provider(host)).statusCode).toBe(200);
  });
});
