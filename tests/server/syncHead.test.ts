import { and, desc, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contract/posts';
import type { Change, PullResponse } from '../../contract/sync';
import { registry } from '../../server/features';
import { newestPostsFirst } from '../../server/posts/postEntities';
import { posts } from '../../server/posts/schema';
import { compact } from '../../server/sync/compaction';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { hostileUrlValue } from './hostileValues';
import { collegeRefs, deletedIds, postArgs, pullAll, push, upsertedIds, type CollegeRefs, type Session } from './syncHelpers';

/**
 * A new device asks first for the head (`head=true`): the newest posts it may see and the
 * categories, with a cursor from which the whole sync follows (server/sync/pull.ts
 * `pullHead`): the first screen shows today's news, not the oldest.
 */
describe.each(backends)('sync pull head on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const session = async (email: string): Promise<Session> => ({ app: server.app, host, token: await signIn(server.app, host, { email }) });
  let staff: Session;

  const pull = async (member: Session, query: string) => {
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/sync/pull?${query}`, headers: { host, ...bearer(member.token) } });
    return response;
  };
  const head = async (member: Session): Promise<PullResponse> => {
    const response = await pull(member, 'head=true');
    expect(response.statusCode).toBe(200);
    return json<PullResponse>(response);
  };
  const postsOf = (changes: Change[]) => changes.flatMap((c) => (c.entity === 'posts' && c.op === 'upsert' ? [c.row as unknown as Post] : []));

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    staff = await session('staff@colinas.test');
    // More posts than a head holds, dated over the last days, some for 2° Básico B only.
    const day = 24 * 60 * 60 * 1000;
    const made = Array.from({ length: newestPostsFirst + 10 }, (_, i) =>
      postArgs(refs, [i % 3 === 0 ? '2° Básico B' : '1° Básico A'], 'everyone', { published_at: new Date(Date.now() - (i + 1) * day).toISOString() }),
    );
    const results = await push(
      staff,
      made.map((args) => ({ name: 'posts.create', args })),
    );
    expect(results.every((r) => r.status === 'applied')).toBe(true);
  });
  afterAll(() => server.close());

  it('sends staff the newest posts of the college and every category, nothing else', async () => {
    const page = await head(staff);
    const newest = await server.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.collegeId, refs.collegeId), isNull(posts.deletedAt)))
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(newestPostsFirst);
    expect(upsertedIds(page.changes, 'posts')).toEqual(newest.map((row) => row.id));
    expect(upsertedIds(page.changes, 'categories')).toHaveLength(6);
    expect(new Set(page.changes.map((c) => c.entity))).toEqual(new Set(['posts', 'categories']));
    expect(page.changes.every((c) => c.op === 'upsert')).toBe(true);
    expect(page.hasMore).toBe(true);
    expect(page.reset).toBe(false);
  });

  it('gives a student only what they may see, newest first, and the sync from its cursor is the same as a sync without a head', async () => {
    const student = await session('student@colinas.test');
    const page = await head(student);
    const mySection = refs.sectionId('1° Básico A');
    const seen = postsOf(page.changes);
    expect(seen).toHaveLength(newestPostsFirst);
    for (const post of seen) {
      expect(post.scope === 'everyone' || post.scope === 'students').toBe(true);
      expect(post.section_ids).toContain(mySection);
    }
    const dates = seen.map((post) => post.published_at);
    expect(dates).toEqual([...dates].sort().reverse());

    const afterHead = await pullAll(student, page.cursor);
    const plain = await pullAll(student);
    expect(new Set(upsertedIds(afterHead.changes, 'posts'))).toEqual(new Set(upsertedIds(plain.changes, 'posts')));
    expect(afterHead.changes.filter((c) => c.op === 'delete')).toEqual([]);
    // Every head row comes again in the sync, in its place.
    expect(upsertedIds(afterHead.changes, 'posts')).toEqual(expect.arrayContaining(upsertedIds(page.changes, 'posts')));
  });

  it('a head row edited or deleted after the head reaches the device in the sync that follows', async () => {
    const made = [postArgs(refs, ['1° Básico A'], 'everyone'), postArgs(refs, ['1° Básico A'], 'everyone')];
    await push(
      staff,
      made.map((args) => ({ name: 'posts.create', args })),
    );
    const guardian = await session('guardian@colinas.test');
    const page = await head(guardian);
    expect(upsertedIds(page.changes, 'posts')).toEqual(expect.arrayContaining(made.map((m) => m.id)));
    await push(staff, [
      { name: 'posts.update', args: { ...made[0]!, title: 'Cambio de horario' } },
      { name: 'posts.delete', args: { id: made[1]!.id } },
    ]);
    const { changes } = await pullAll(guardian, page.cursor);
    const edited = postsOf(changes).filter((post) => post.id === made[0]!.id);
    expect(edited.at(-1)?.title).toBe('Cambio de horario');
    expect(deletedIds(changes, 'posts')).toEqual([made[1]!.id]);
  });

  it('a head cursor is not reset by the compaction of tombstones older than the head', async () => {
    const args = postArgs(refs, ['1° Básico A'], 'everyone');
    await push(staff, [{ name: 'posts.create', args }]);
    await push(staff, [{ name: 'posts.delete', args: { id: args.id } }]);
    await server.db
      .update(posts)
      .set({ deletedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(posts.id, args.id));
    expect((await compact(server.db, registry.entities, new Date(Date.now() - 30 * 24 * 60 * 60 * 1000))).tombstones).toBeGreaterThanOrEqual(1);
    const page = await head(staff);
    const rest = await pullAll(staff, page.cursor);
    expect(rest.reset).toBe(false);
    expect(upsertedIds(rest.changes, 'posts').length).toBeGreaterThan(newestPostsFirst);
  });

  it('refuses a head with a cursor, or a head that is not true/false, with a 422 that names the field', async () => {
    const { cursor } = await pullAll(staff);
    for (const query of [`head=true&cursor=${cursor}`, 'head=yes', 'head=']) {
      const response = await pull(staff, query);
      expect(response.statusCode, query).toBe(422);
      const body = json<{ message: string; errors: Record<string, string[]> }>(response);
      expect(Object.keys(body.errors)).toEqual(['head']);
    }
    // `head=false` is a plain first pull.
    const plain = await pull(staff, 'head=false&limit=5');
    expect(plain.statusCode).toBe(200);
    expect(json<PullResponse>(plain).changes).toHaveLength(5);
  });

  it('pulls only the entities asked for (a device catching up on a feature an update brought), and refuses them with a head', async () => {
    const everything = await pullAll(staff);
    const entitiesIn = (changes: Change[]) => [...new Set(changes.map((change) => change.entity))].sort();
    expect(entitiesIn(everything.changes)).toEqual(expect.arrayContaining(['documentCategories', 'documents', 'posts']));

    const page = await pull(staff, 'entities=documentCategories,documents,unknownThing&limit=1000');
    expect(page.statusCode).toBe(200);
    const caught = json<PullResponse>(page);
    expect(entitiesIn(caught.changes)).toEqual(['documentCategories', 'documents']);
    expect(caught.hasMore).toBe(false);
    // The same rows as the whole feed has of those entities.
    const ids = (changes: Change[], entity: string) => upsertedIds(changes, entity).sort();
    expect(ids(caught.changes, 'documents')).toEqual(ids(everything.changes, 'documents'));
    expect(ids(caught.changes, 'documentCategories')).toEqual(ids(everything.changes, 'documentCategories'));
    // Its cursor goes on with those entities alone.
    await push(staff, [{ name: 'posts.create', args: postArgs(refs, ['1° Básico A'], 'everyone') }]);
    const after = json<PullResponse>(await pull(staff, `entities=documents&cursor=${caught.cursor}`));
    expect(after.changes).toEqual([]);

    for (const query of ['entities=documents&head=true', 'entities=', 'entities=posts;drop', `entities=${'a,'.repeat(300)}a`]) {
      const response = await pull(staff, query);
      expect(response.statusCode, query).toBe(422);
    }
  });

  it('answers any pull query a device may send with a page or a 4xx, never a 5xx', async () => {
    const { cursor } = await pullAll(staff);
    const value = fc.oneof(
      hostileUrlValue,
      fc.constantFrom('true', 'false', '1', '0', '1000', '1001', '-1', '', 'documents', 'posts,events', cursor, cursor.slice(1), `${cursor}x`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('head', 'cursor', 'limit', 'head[]', 'entities', 'other'), value), { maxLength: 4 }),
        async (params) => {
          const response = await pull(staff, params.map(([key, v]) => `${key}=${v}`).join('&'));
          expect(response.statusCode === 200 || (response.statusCode >= 400 && response.statusCode < 500), `${response.statusCode} ${response.body}`).toBe(
            true,
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
