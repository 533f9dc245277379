import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import { protocolMalformed, protocolUnsupported, pushResponse, syncProtocol, syncProtocolHeader, type PushRequest } from '../../contract/sync';
import { buildRegistry } from '../../server/feature';
import { postUpgrades } from '../../server/posts/postUpgrades';
import { posts } from '../../server/posts/schema';
import { upgradeArgs, upgradeRegistry } from '../../server/sync/upgrades';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, postArgs, type CollegeRefs } from './syncHelpers';

interface Fixture {
  body: PushRequest;
  expected: Record<string, { title: string; scope: string; sections: string[] }>;
}

/** A recorded push, its placeholders (`<category>`, `<section 1° Básico A>`…) replaced by the seeded college's ids. */
function fixture(name: string, refs: CollegeRefs): Fixture {
  const text = readFileSync(new URL(`./fixtures/protocol/${name}.json`, import.meta.url), 'utf8');
  const resolved = text.replace(/<(category|section|grade of|course of) ?([^>]*)>/g, (_, kind: string, section: string) => {
    if (kind === 'category') return refs.categoryId;
    const sectionId = refs.sectionId(section);
    if (kind === 'section') return sectionId;
    const gradeId = refs.gradeIdOf(sectionId);
    return kind === 'grade of' ? gradeId : refs.courseIdOf(gradeId);
  });
  return JSON.parse(resolved) as Fixture;
}

describe.each(backends)('the sync protocol version on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  let token: string;
  const host = hostOf('colinas');

  beforeAll(async () => {
    server = await startServer(backend);
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
  const sectionName = (id: string): string => {
    for (const name of ['1° Básico A', '1° Básico B', '2° Básico A']) if (refs.sectionId(name) === id) return name;
    return id;
  };

  it.each([1, 2])('applies the recorded push of a version %i device once, as the current version stores it', async (version) => {
    const { body, expected } = fixture(`version${version}`, refs);
    const first = await pushAs(version, body);
    expect(first.statusCode).toBe(200);
    expect(pushResponse.parse(first.json()).results.map((result) => result.status)).toEqual(body.mutations.map(() => 'applied'));
    // The device did not hear the answer and sends the same push again.
    const again = await pushAs(version, body);
    expect(pushResponse.parse(again.json()).results.map((result) => result.status)).toEqual(body.mutations.map(() => 'applied'));

    for (const [id, row] of Object.entries(expected)) {
      const stored = await server.db.select().from(posts).where(eq(posts.id, id));
      expect(stored).toHaveLength(1);
      expect({ title: stored[0]!.title, scope: stored[0]!.scope, sections: stored[0]!.sectionIds.map(sectionName) }).toEqual(row);
    }
  });

  it('applies a current device’s push as it is, and still refuses what no version allowed', async () => {
    const current = postArgs(refs, [], 'college');
    const oldName = { ...postArgs(refs, [], 'college'), scope: 'all' };
    const response = await pushAs(syncProtocol.current, {
      clientId: 'current-device',
      mutations: [
        { id: uuidv7(), name: 'posts.create', args: current },
        { id: uuidv7(), name: 'posts.create', args: oldName },
      ],
    });
    const results = pushResponse.parse(response.json()).results;
    expect(results.map((result) => result.status)).toEqual(['applied', 'rejected']);
    expect(results[1]!.error).toMatchObject({ status: 422 });
    expect((await server.db.select().from(posts).where(eq(posts.id, current.id)))[0]?.scope).toBe('college');
  });

  it('serves a device that names no version as the oldest served: its old shape and today’s are both applied', async () => {
    expect((await pullAs(undefined)).statusCode).toBe(200);
    const [oldShape] = fixture('version1', refs).body.mutations;
    const fromOldApp = { ...(oldShape!.args as Record<string, unknown>), id: uuidv7() };
    const today = postArgs(refs, ['1° Básico A'], 'guardians');
    const sent = await pushAs(undefined, {
      clientId: 'before-versions',
      mutations: [
        { id: uuidv7(), name: 'posts.create', args: fromOldApp },
        { id: uuidv7(), name: 'posts.create', args: today },
      ],
    });
    expect(pushResponse.parse(sent.json()).results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect((await server.db.select().from(posts).where(eq(posts.id, fromOldApp.id)))[0]?.scope).toBe('everyone');
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
  const upgrades = upgradeRegistry(postUpgrades);

  it('take a post’s arguments from each older version to the current shape, step by step', () => {
    const base = { id: 'p', title: 'Aviso', section_ids: ['s'] };
    expect(upgradeArgs(upgrades, 'posts.create', 1, base)).toEqual({ ...base, scope: 'everyone' });
    expect(upgradeArgs(upgrades, 'posts.update', 2, { ...base, scope: 'all' })).toEqual({ ...base, scope: 'college' });
    expect(upgradeArgs(upgrades, 'posts.create', syncProtocol.current, { ...base, scope: 'all' })).toEqual({ ...base, scope: 'all' });
    // Today's shape read as version 1 (a device without the header) stays as it is.
    expect(upgradeArgs(upgrades, 'posts.create', 1, { ...base, scope: 'guardians' })).toEqual({ ...base, scope: 'guardians' });
    // What is no object is left for the schema to refuse.
    expect(upgradeArgs(upgrades, 'posts.create', 1, 'nonsense')).toBe('nonsense');
    expect(upgradeArgs(upgrades, 'posts.delete', 1, { id: 'p' })).toEqual({ id: 'p' });
  });

  it('refuse two steps from one version, a step from a version not served, and a step of an unknown mutation', () => {
    const same = (args: unknown) => args;
    expect(() => upgradeRegistry([...postUpgrades, { name: 'posts.create', from: 1, upgrade: same }])).toThrow(/two upgrades of posts.create/);
    expect(() => upgradeRegistry([{ name: 'posts.create', from: syncProtocol.current, upgrade: same }])).toThrow(/not served/);
    expect(() => upgradeRegistry([{ name: 'posts.create', from: syncProtocol.oldestServed - 1, upgrade: same }])).toThrow(/not served/);
    expect(() => buildRegistry([{ name: 'lonely', upgrades: [{ name: 'lonely.write', from: 1, upgrade: same }] }], [])).toThrow(/lonely.write/);
  });
});
