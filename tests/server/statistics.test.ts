import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import type { EntryHoursResponse, EntryTimelineResponse, MembersByRoleRow, TopDocument, TopPost } from '../../contract/statistics';
import { colleges, entries, users } from '../../server/db/schema';
import { documentDownloads, documents } from '../../server/documents/schema';
import { postViews, posts } from '../../server/posts/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';

type Who = 'admin' | 'staff' | 'student' | 'guardian' | 'britishAdmin';

/**
 * The statistics' aggregates on small data dated in 2020 (the seed writes nothing then),
 * with expectations computed by hand. Colinas is in America/Santiago, which moved from
 * -04 to -03 on 2020-09-06 at 04:00 UTC: the same UTC hour is 11:xx before and 12:xx after.
 */
describe.each(backends)('statistics on $name', (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  const tokens: Record<Who, string> = { admin: '', staff: '', student: '', guardian: '', britishAdmin: '' };
  const ids: Record<string, string> = {};
  let postIds: string[] = [];
  let documentIds: string[] = [];
  const get = (who: Who, url: string) =>
    server.app.inject({ method: 'GET', url, headers: { host: who === 'britishAdmin' ? hostOf('british') : host, ...bearer(tokens[who]) } });
  const ok = async <T>(who: Who, url: string): Promise<T> => {
    const response = await get(who, url);
    expect(response.statusCode, response.body).toBe(200);
    return json<T>(response);
  };
  const september = 'from=2020-09-01&to=2020-09-30';

  beforeAll(async () => {
    server = await startServer(backend);
    const db = server.db;
    const collegeOf = async (slug: string) => (await db.select().from(colleges).where(eq(colleges.slug, slug)))[0]!;
    const colinas = await collegeOf('colinas');
    const british = await collegeOf('british');
    expect(colinas.timeZone).toBe('America/Santiago');
    for (const who of ['admin', 'staff', 'student', 'guardian'] as const) {
      tokens[who] = await signIn(server.app, host, { email: `${who}@colinas.test` });
      ids[who] = (
        await db
          .select()
          .from(users)
          .where(and(eq(users.collegeId, colinas.id), eq(users.email, `${who}@colinas.test`)))
      )[0]!.id;
    }
    tokens.britishAdmin = await signIn(server.app, hostOf('british'), { email: 'admin@british.test' });
    const britishUser = (await db.select().from(users).where(eq(users.collegeId, british.id)))[0]!;

    const entry = (collegeId: string, userId: string, at: string) => ({
      id: uuidv7(),
      collegeId,
      userId,
      kind: 'app_open' as const,
      occurredAt: new Date(at),
      hour: 0,
    });
    await db.insert(entries).values([
      entry(colinas.id, ids.student!, '2020-09-05T15:30:00Z'), // 11:30 on Sat 09-05 (-04)
      entry(colinas.id, ids.student!, '2020-09-07T02:30:00Z'), // 23:30 on Sun 09-06 (-03)
      entry(colinas.id, ids.student!, '2020-09-07T03:30:00Z'), // 00:30 on Mon 09-07
      entry(colinas.id, ids.student!, '2020-09-07T15:30:00Z'), // 12:30 on Mon 09-07
      entry(colinas.id, ids.guardian!, '2020-09-20T15:00:00Z'), // 12:00 on Sun 09-20
      entry(colinas.id, ids.guardian!, '2020-09-01T03:30:00Z'), // 23:30 on 08-31: before the period
      entry(british.id, britishUser.id, '2020-09-07T15:30:00Z'), // another college
    ]);
    // Two new members in the period (one made at 23:00 on 09-30, Santiago: 10-01 in UTC), one after it.
    const member = (name: string, createdAt: string, status: 'active' | 'pending') => ({
      id: uuidv7(),
      collegeId: colinas.id,
      role: 'student' as const,
      status,
      name,
      email: `${name}@colinas.test`,
      passwordHash: 'x',
      createdAt: new Date(createdAt),
    });
    const [newcomer, late, after] = [
      member('newcomer', '2020-09-10T12:00:00Z', 'active'),
      member('late', '2020-10-01T02:00:00Z', 'pending'),
      member('after', '2020-10-01T04:00:00Z', 'active'),
    ];
    await db.insert(users).values([newcomer, late, after]);
    ids.newcomer = newcomer.id;

    // Reads: three posts of the college, the third by the staff member.
    postIds = (
      await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.collegeId, colinas.id), isNull(posts.deletedAt)))
        .orderBy(posts.publishedAt)
    )
      .slice(0, 3)
      .map((p) => p.id);
    expect(postIds).toHaveLength(3);
    const [oldest, middle, newest] = postIds as [string, string, string];
    await db
      .update(posts)
      .set({ publishedAt: new Date('2020-06-01T12:00:00Z'), authorId: ids.admin! })
      .where(eq(posts.id, oldest));
    await db
      .update(posts)
      .set({ publishedAt: new Date('2020-06-02T12:00:00Z'), authorId: ids.admin! })
      .where(eq(posts.id, middle));
    await db
      .update(posts)
      .set({ publishedAt: new Date('2020-06-03T12:00:00Z'), authorId: ids.staff! })
      .where(eq(posts.id, newest));
    const view = (postId: string, userId: string, at: string) => ({ collegeId: colinas.id, postId, userId, viewedAt: new Date(at) });
    await db.delete(postViews).where(and(eq(postViews.collegeId, colinas.id)));
    await db.insert(postViews).values([
      view(oldest, ids.admin!, '2020-09-02T12:00:00Z'),
      view(oldest, ids.student!, '2020-09-03T12:00:00Z'),
      view(oldest, ids.guardian!, '2020-09-04T12:00:00Z'),
      view(middle, ids.admin!, '2020-09-02T12:00:00Z'),
      view(middle, ids.student!, '2020-09-03T12:00:00Z'),
      view(middle, ids.newcomer, '2020-09-30T12:00:00Z'),
      view(newest, ids.student!, '2020-09-15T12:00:00Z'),
      view(newest, ids.guardian!, '2020-08-15T12:00:00Z'), // before the period
    ]);

    documentIds = (await db.select({ id: documents.id }).from(documents).where(eq(documents.collegeId, colinas.id)).orderBy(documents.createdAt))
      .slice(0, 2)
      .map((d) => d.id);
    expect(documentIds).toHaveLength(2);
    await db.delete(documentDownloads).where(eq(documentDownloads.collegeId, colinas.id));
    const download = (documentId: string, userId: string, at: string) => ({ collegeId: colinas.id, documentId, userId, firstAt: new Date(at) });
    await db.insert(documentDownloads).values([
      download(documentIds[0]!, ids.student!, '2020-09-10T12:00:00Z'),
      download(documentIds[1]!, ids.student!, '2020-09-10T12:00:00Z'),
      download(documentIds[1]!, ids.guardian!, '2020-09-11T12:00:00Z'),
      download(documentIds[0]!, ids.guardian!, '2020-10-11T12:00:00Z'), // after the period
    ]);
  });
  afterAll(() => server.close());

  it('counts entries by hour of the day in the college time zone, across the DST change', async () => {
    const body = await ok<EntryHoursResponse>('admin', `/api/v1/statistics/entries/hours?${september}`);
    expect(body.time_zone).toBe('America/Santiago');
    expect(body.data).toHaveLength(24);
    expect(body.data.map((r) => r.hour)).toEqual([...Array(24).keys()]);
    const nonZero = Object.fromEntries(body.data.filter((r) => r.entries > 0).map((r) => [r.hour, r.entries]));
    expect(nonZero).toEqual({ 0: 1, 11: 1, 12: 2, 23: 1 });
  });

  it('fills every day of the period and counts entries, members and new members per day', async () => {
    const body = await ok<EntryTimelineResponse>('admin', `/api/v1/statistics/entries/timeline?${september}&bucket=day`);
    expect(body.bucket).toBe('day');
    expect(body.data).toHaveLength(30);
    expect(body.data[0]!.start).toBe('2020-09-01');
    expect(body.data[29]!.start).toBe('2020-09-30');
    const busy = body.data.filter((r) => r.entries + r.new_members > 0);
    expect(busy).toEqual([
      { start: '2020-09-05', entries: 1, members: 1, new_members: 0 },
      { start: '2020-09-06', entries: 1, members: 1, new_members: 0 },
      { start: '2020-09-07', entries: 2, members: 1, new_members: 0 },
      { start: '2020-09-10', entries: 0, members: 0, new_members: 1 },
      { start: '2020-09-20', entries: 1, members: 1, new_members: 0 },
      { start: '2020-09-30', entries: 0, members: 0, new_members: 1 },
    ]);
  });

  it('buckets by week (from Monday) and by month, empty ones included', async () => {
    const weeks = await ok<EntryTimelineResponse>('admin', `/api/v1/statistics/entries/timeline?${september}&bucket=week`);
    expect(weeks.data).toEqual([
      { start: '2020-08-31', entries: 2, members: 1, new_members: 0 },
      { start: '2020-09-07', entries: 2, members: 1, new_members: 1 },
      { start: '2020-09-14', entries: 1, members: 1, new_members: 0 },
      { start: '2020-09-21', entries: 0, members: 0, new_members: 0 },
      { start: '2020-09-28', entries: 0, members: 0, new_members: 1 },
    ]);
    const months = await ok<EntryTimelineResponse>('admin', `/api/v1/statistics/entries/timeline?from=2020-08-01&to=2020-10-31&bucket=month`);
    expect(months.data).toEqual([
      { start: '2020-08-01', entries: 1, members: 1, new_members: 0 },
      { start: '2020-09-01', entries: 5, members: 2, new_members: 2 },
      { start: '2020-10-01', entries: 0, members: 0, new_members: 1 },
    ]);
  });

  it('ranks the most read posts of the period, ties by the newest post, and limits them', async () => {
    const [oldest, middle, newest] = postIds as [string, string, string];
    const all = await ok<{ data: TopPost[] }>('admin', `/api/v1/statistics/posts?${september}`);
    expect(all.data.map((p) => [p.id, p.views])).toEqual([
      [middle, 3],
      [oldest, 3],
      [newest, 1],
    ]);
    const two = await ok<{ data: TopPost[] }>('admin', `/api/v1/statistics/posts?${september}&limit=2`);
    expect(two.data.map((p) => p.id)).toEqual([middle, oldest]);
    const early = await ok<{ data: TopPost[] }>('admin', `/api/v1/statistics/posts?from=2020-08-01&to=2020-09-02`);
    expect(early.data.map((p) => [p.id, p.views])).toEqual([
      [newest, 1],
      [middle, 1],
      [oldest, 1],
    ]);
  });

  it('counts the demo posts’ reads as News shows them: each count is its members’ first readings, all within the statistics', async () => {
    // The British school: this file rewrites the reads of Las Colinas.
    const [british] = await server.db.select().from(colleges).where(eq(colleges.slug, 'british'));
    const seeded = await server.db
      .select({ id: posts.id, views: posts.views, publishedAt: posts.publishedAt })
      .from(posts)
      .where(and(eq(posts.collegeId, british!.id), isNull(posts.deletedAt)));
    const readings = await server.db.select({ postId: postViews.postId, userId: postViews.userId }).from(postViews).where(eq(postViews.collegeId, british!.id));
    const readsOf = (id: string) => readings.filter((reading) => reading.postId === id).length;
    for (const post of seeded) expect(readsOf(post.id), post.id).toBe(post.views);
    expect(seeded.some((post) => post.views > 0)).toBe(true);
    // The demo accounts have read nothing: a story opening a post sees its own first view counted.
    const accounts = await server.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.collegeId, british!.id),
          inArray(users.email, ['admin@british.test', 'staff@british.test', 'student@british.test', 'guardian@british.test']),
        ),
      );
    expect(accounts).toHaveLength(4);
    expect(readings.filter((reading) => accounts.some((account) => account.id === reading.userId))).toEqual([]);
    // Over the whole life of the demo posts, the statistics rank exactly those reads.
    const first = new Date(Math.min(...seeded.map((post) => post.publishedAt.getTime())));
    const from = first.toISOString().slice(0, 10);
    const to = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const top = await ok<{ data: TopPost[] }>('britishAdmin', `/api/v1/statistics/posts?from=${from}&to=${to}&limit=50`);
    expect(top.data.length).toBe(seeded.filter((post) => post.views > 0).length);
    for (const post of top.data) expect([post.views, post.total_views]).toEqual([readsOf(post.id), readsOf(post.id)]);
  });

  it('shows staff the reads of their own posts only, and refuses them the rest', async () => {
    const mine = await ok<{ data: TopPost[] }>('staff', `/api/v1/statistics/posts?${september}`);
    expect(mine.data.map((p) => [p.id, p.views])).toEqual([[postIds[2], 1]]);
    for (const path of ['documents', 'entries/hours', 'entries/timeline', 'members']) {
      expect((await get('staff', `/api/v1/statistics/${path}?${september}`)).statusCode).toBe(403);
    }
  });

  it('ranks the most downloaded documents of the period', async () => {
    const body = await ok<{ data: TopDocument[] }>('admin', `/api/v1/statistics/documents?${september}`);
    expect(body.data.map((d) => [d.id, d.downloads])).toEqual([
      [documentIds[1], 2],
      [documentIds[0], 1],
    ]);
  });

  it('counts active members by role and those who entered in the period', async () => {
    const body = await ok<{ data: MembersByRoleRow[] }>('admin', `/api/v1/statistics/members?${september}`);
    const colinas = (await server.db.select().from(colleges).where(eq(colleges.slug, 'colinas')))[0]!;
    const active = await server.db
      .select()
      .from(users)
      .where(and(eq(users.collegeId, colinas.id), eq(users.status, 'active')));
    const count = (role: string) => active.filter((u) => u.role === role).length;
    expect(body.data).toEqual([
      { role: 'admin', members: count('admin'), active: 0 },
      { role: 'staff', members: count('staff'), active: 0 },
      { role: 'student', members: count('student'), active: 1 },
      { role: 'guardian', members: count('guardian'), active: 1 },
    ]);
  });

  it("never counts another college's rows", async () => {
    const hours = await ok<EntryHoursResponse>('britishAdmin', `/api/v1/statistics/entries/hours?${september}`);
    expect(hours.data.reduce((sum, r) => sum + r.entries, 0)).toBe(1);
    const reads = await ok<{ data: TopPost[] }>('britishAdmin', `/api/v1/statistics/posts?${september}`);
    expect(reads.data).toEqual([]);
    const downloads = await ok<{ data: TopDocument[] }>('britishAdmin', `/api/v1/statistics/documents?${september}`);
    expect(downloads.data).toEqual([]);
  });

  it('refuses students and guardians, and anyone signed out', async () => {
    for (const who of ['student', 'guardian'] as const) {
      for (const path of ['posts', 'documents', 'entries/hours', 'entries/timeline', 'members']) {
        expect((await get(who, `/api/v1/statistics/${path}?${september}`)).statusCode).toBe(403);
        expect((await get(who, `/api/v1/statistics/${path}?from=nonsense`)).statusCode).toBe(403);
      }
    }
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/v1/statistics/posts?${september}`, headers: { host } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 422 to a bad period, bucket or limit', async () => {
    for (const query of [
      '',
      'from=2020-09-01',
      'from=2020-02-30&to=2020-03-01',
      'from=2020-09-30&to=2020-09-01',
      'from=2020-01-01&to=2022-01-02',
      'from=20200901&to=20200930',
      `${september}&bucket=year`,
      `${september}&limit=51`,
      `${september}&limit=0`,
    ]) {
      const path = query.includes('bucket') ? 'entries/timeline' : 'posts';
      expect((await get('admin', `/api/v1/statistics/${path}?${query}`)).statusCode, query).toBe(422);
    }
    expect((await get('admin', '/api/v1/statistics/entries/timeline?from=2020-01-01&to=2021-12-31&bucket=day')).statusCode).toBe(200);
  });
});
