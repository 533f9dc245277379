import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { protocolMalformed, protocolUnsupported, pushResponse, syncProtocol, syncProtocolHeader, type PushRequest } from '../../contract/sync';
import { buildRegistry, type FeatureModule } from '../../server/feature';
import { features } from '../../server/features';
import { posts } from '../../server/posts/schema';
import { referenceEntities } from '../../server/sync/referenceEntities';
import { fieldsOf, upgradeArgs, upgradeRegistry, type MutationUpgrade } from '../../server/sync/upgrades';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, postArgs, type CollegeRefs } from './syncHelpers';

/**
 * No mutation's arguments have changed since versions began (contract/sync.ts
 * `syncProtocol`), so these tests rehearse the first release that changes one: as if the
 * version before `current` had called a post's title `heading`. Its step is registered only
 * in this file's server (a module of its own beside the real ones), never in the app's.
 */
const headingToTitle: MutationUpgrade = {
  name: 'posts.create',
  from: syncProtocol.current - 1,
  upgrade: (args) => {
    const fields = fieldsOf(args);
    if (!fields || !('heading' in fields)) return args;
    const { heading, ...rest } = fields;
    return { title: heading, ...rest };
  },
};
const rehearsal: FeatureModule = { name: 'protocol-rehearsal', upgrades: [headingToTitle] };

describe.each(backends)('the sync protocol version on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let token: string;
  const host = hostOf('colinas');

  beforeAll(async () => {
    server = await startServer(backend, {}, { registry: buildRegistry([...features, rehearsal], referenceEntities) });
    refs = await collegeRefs(server.db, 'colinas');
    token = await signIn(server.app, host, { email: 'staff@colinas.test' });
  });
  afterAll(() => server.close());

  const versionHeader = (version: string | number | undefined): Record<string, string> =>
    version === undefined ? {} : { [syncProtocolHeader]: String(version) };
  const pushAs = (version: string | number | undefined, body: PushRequest) =>
    server.app.inject({ method: 'POST', url: '/api/v1/sync/push', headers: { host, ...bearer(token), ...versionHeader(version) }, payload: body });
  const pullAs = (version: string | number | undefined) =>
    server.app.inject({ method: 'GET', url: '/api/v1/sync/pull?limit=1', headers: { host, ...bearer(token), ...versionHeader(version) } });
  const streamAs = (version: string | number | undefined) =>
    server.app.inject({ method: 'GET', url: '/api/v1/sync/stream', headers: { host, ...bearer(token), ...versionHeader(version) } });

  it('upgrades an older device’s push once, step by step, and applies it as the current version would', async () => {
    const { title, ...rest } = postArgs(refs, ['1° Básico A'], 'guardians', { title: 'Reunión de apoderados' });
    const older = { id: uuidv7(), name: 'posts.create', args: { ...rest, heading: title } };
    const first = await pushAs(syncProtocol.current - 1, { clientId: 'older-device', mutations: [older] });
    expect(first.statusCode).toBe(200);
    expect(pushResponse.parse(first.json()).results.map((result) => result.status)).toEqual(['applied']);
    // The device did not hear the answer and sends the same push again: applied once.
    const again = await pushAs(syncProtocol.current - 1, { clientId: 'older-device', mutations: [older] });
    expect(pushResponse.parse(again.json()).results.map((result) => result.status)).toEqual(['applied']);
    const stored = await server.db.select().from(posts).where(eq(posts.id, rest.id));
    expect(stored.map((row) => ({ title: row.title, scope: row.scope }))).toEqual([{ title: 'Reunión de apoderados', scope: 'guardians' }]);
  });

  it('applies a current device’s push as it is: the older shape is not upgraded for it, and is refused', async () => {
    const current = postArgs(refs, [], 'college');
    const { title, ...rest } = postArgs(refs, [], 'college');
    const response = await pushAs(syncProtocol.current, {
      clientId: 'current-device',
      mutations: [
        { id: uuidv7(), name: 'posts.create', args: current },
        { id: uuidv7(), name: 'posts.create', args: { ...rest, heading: title } },
      ],
    });
    const results = pushResponse.parse(response.json()).results;
    expect(results.map((result) => result.status)).toEqual(['applied', 'rejected']);
    expect(results[1]!.error).toMatchObject({ status: 422 });
    expect((await server.db.select().from(posts).where(eq(posts.id, current.id)))[0]?.scope).toBe('college');
  });

  it('serves a device that names no version (an app from before versions) as the oldest served', async () => {
    expect((await pullAs(undefined)).statusCode).toBe(200);
    const today = postArgs(refs, ['1° Básico A'], 'guardians');
    const sent = await pushAs(undefined, { clientId: 'before-versions', mutations: [{ id: uuidv7(), name: 'posts.create', args: today }] });
    expect(pushResponse.parse(sent.json()).results.map((result) => result.status)).toEqual(['applied']);
    expect((await server.db.select().from(posts).where(eq(posts.id, today.id)))[0]?.scope).toBe('guardians');
  });

  it.each([syncProtocol.oldestServed - 1, syncProtocol.current + 1])(
    'answers version %i with 426 and the versions served, on pull, push and stream',
    async (version) => {
      const answers = [await pullAs(version), await pushAs(version, { clientId: 'd', mutations: [] }), await streamAs(version)];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(426);
        expect(protocolUnsupported.parse(answer.json())).toEqual({
          code: 'protocol_unsupported',
          current: syncProtocol.current,
          oldest_served: syncProtocol.oldestServed,
        });
      }
    },
  );

  it.each(['three', '3.0', '', '-1', '03'])('answers a version header of %j with 400', async (value) => {
    const answers = [await pullAs(value), await pushAs(value, { clientId: 'd', mutations: [] }), await streamAs(value)];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(protocolMalformed.parse(answer.json()).code).toBe('protocol_malformed');
    }
  });

  it('writes nothing for a push it answers 426', async () => {
    const args = postArgs(refs, [], 'college');
    const answer = await pushAs(syncProtocol.current + 1, { clientId: 'future', mutations: [{ id: uuidv7(), name: 'posts.create', args }] });
    expect(answer.statusCode).toBe(426);
    expect(await server.db.select().from(posts).where(eq(posts.id, args.id))).toEqual([]);
  });
});

describe('mutation upgrades', () => {
  const addScope: MutationUpgrade = { name: 'posts.update', from: syncProtocol.current - 1, upgrade: (args) => ({ scope: 'everyone', ...fieldsOf(args) }) };
  const upgrades = upgradeRegistry([headingToTitle, addScope]);

  it('take arguments from an older version to the current shape, and leave the rest alone', () => {
    const base = { id: 'p', section_ids: ['s'] };
    const older = syncProtocol.current - 1;
    expect(upgradeArgs(upgrades, 'posts.create', older, { ...base, heading: 'Aviso' })).toEqual({ ...base, title: 'Aviso' });
    expect(upgradeArgs(upgrades, 'posts.update', older, { ...base, title: 'Aviso' })).toEqual({ ...base, title: 'Aviso', scope: 'everyone' });
    // Already of the newer shape (a device without the header sends today's): as it is.
    expect(upgradeArgs(upgrades, 'posts.create', older, { ...base, title: 'Aviso' })).toEqual({ ...base, title: 'Aviso' });
    expect(upgradeArgs(upgrades, 'posts.create', syncProtocol.current, { ...base, heading: 'Aviso' })).toEqual({ ...base, heading: 'Aviso' });
    // What is no object is left for the schema to refuse.
    expect(upgradeArgs(upgrades, 'posts.create', older, 'nonsense')).toBe('nonsense');
    expect(upgradeArgs(upgrades, 'posts.delete', older, { id: 'p' })).toEqual({ id: 'p' });
  });

  it('refuse two steps from one version, a step from a version not served, and a step of an unknown mutation', () => {
    const same = (args: unknown) => args;
    expect(() => upgradeRegistry([headingToTitle, { name: 'posts.create', from: headingToTitle.from, upgrade: same }])).toThrow(/two upgrades of posts.create/);
    expect(() => upgradeRegistry([{ name: 'posts.create', from: syncProtocol.current, upgrade: same }])).toThrow(/not served/);
    expect(() => upgradeRegistry([{ name: 'posts.create', from: syncProtocol.oldestServed - 1, upgrade: same }])).toThrow(/not served/);
    expect(() => buildRegistry([{ name: 'lonely', upgrades: [{ name: 'lonely.write', from: 1, upgrade: same }] }], [])).toThrow(/lonely.write/);
  });
});
