import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushKeyResponse } from '../../contract/push';
import { buildApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { installationKeys } from '../../server/push/schema';
import { loadVapidKeys } from '../../server/push/vapidKeys';
import { backends, hostOf, json, startServer, type TestServer } from './harness';

describe.each(backends)("the installation's VAPID keys on $name", (backend) => {
  let server: TestServer;
  const keyOf = async (app: TestServer['app']) =>
    pushKeyResponse.parse(json(await app.inject({ method: 'GET', url: '/api/v1/push/key', headers: { host: hostOf('colinas') } }))).public_key;

  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(() => server.close());

  it('are made once and shared by every API process on the database', async () => {
    const first = await keyOf(server.app);
    const other = await buildApp({ db: server.db, config: defaultConfig({ dataDir: server.dataDir }) });
    try {
      expect(await keyOf(other)).toBe(first);
    } finally {
      await other.close();
    }
    expect(await server.db.select().from(installationKeys)).toHaveLength(1);
    const stored = await loadVapidKeys(server.db, {});
    expect(stored.publicKey).toBe(first);
    // A usable pair: web-push signs with it.
    expect(() => webPush.getVapidHeaders('https://fcm.googleapis.com', stored.subject, stored.publicKey, stored.privateKey, 'aes128gcm')).not.toThrow();
  });

  it('agree when several processes start at once on an empty installation', async () => {
    await server.db.delete(installationKeys);
    const loaded = await Promise.all(Array.from({ length: 5 }, () => loadVapidKeys(server.db, {})));
    expect(new Set(loaded.map((keys) => keys.publicKey)).size).toBe(1);
    expect(new Set(loaded.map((keys) => keys.privateKey)).size).toBe(1);
    expect(await server.db.select().from(installationKeys)).toHaveLength(1);
  });

  it('come from the environment when it gives them, and the stored pair is left alone', async () => {
    const given = webPush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: ` ${given.publicKey} `, VAPID_PRIVATE_KEY: given.privateKey, VAPID_SUBJECT: 'mailto:ops@school.example' };
    const stored = (await server.db.select().from(installationKeys))[0];
    expect(await loadVapidKeys(server.db, env)).toEqual({ publicKey: given.publicKey, privateKey: given.privateKey, subject: 'mailto:ops@school.example' });
    // Keys that cannot sign stop the start, rather than failing every push later.
    const other = webPush.generateVAPIDKeys();
    await expect(loadVapidKeys(server.db, { ...env, VAPID_PRIVATE_KEY: other.privateKey })).rejects.toThrow(/not the private key's/);
    await expect(loadVapidKeys(server.db, { ...env, VAPID_PUBLIC_KEY: 'not-a-key' })).rejects.toThrow(/public key should be 65 bytes/);
    await expect(loadVapidKeys(server.db, { ...env, VAPID_SUBJECT: 'ops@school.example' })).rejects.toThrow(/subject is not a valid URL/);
    // Half a pair is no pair: the stored one is used.
    expect((await loadVapidKeys(server.db, { VAPID_PUBLIC_KEY: given.publicKey })).publicKey).not.toBe(given.publicKey);
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const app = await buildApp({ db: server.db, config: defaultConfig({ dataDir: server.dataDir }) });
      try {
        expect(await keyOf(app)).toBe(given.publicKey);
      } finally {
        await app.close();
      }
    } finally {
      for (const name of Object.keys(env)) if (saved[name] === undefined) delete process.env[name];
      Object.assign(process.env, saved);
    }
    expect(await server.db.select().from(installationKeys)).toEqual([stored]);
  });
});
