import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../contract/ids';
import type { EntryHoursResponse, EntryTimelineResponse, StatisticsBucket, StatisticsPeriod } from '../../contract/statistics';
import { roles } from '../../contract/permissions';
import { colleges, entries, users } from '../../server/db/schema';
import { recordEntry } from '../../server/entries/recordEntry';
import { entryHours, entryTimeline, membersByRole, type StatisticsScope } from '../../server/statistics/statisticsQueries';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';

/**
 * The entry charts read a rollup that triggers keep (migration 0014). Whatever happens to the
 * entries — recorded one by one or many at once, around a change of clocks, a member
 * removed, a college’s zone changed — each chart must answer what a direct count of
 * `entries` answers: the queries below are the charts' SQL before the rollup.
 */

async function rows<T>(server: TestServer, query: SQL): Promise<T[]> {
  const result: unknown = await server.db.execute(query);
  return (result as { rows: T[] }).rows;
}

function bounds(period: StatisticsPeriod, zone: string): { lower: SQL; upper: SQL } {
  return {
    lower: sql`((${period.from}::date)::timestamp at time zone ${zone})`,
    upper: sql`((${period.to}::date + 1)::timestamp at time zone ${zone})`,
  };
}

async function directHours(server: TestServer, collegeId: string, zone: string, period: StatisticsPeriod): Promise<number[]> {
  const { lower, upper } = bounds(period, zone);
  const found = await rows<{ entries: number }>(
    server,
    sql`
      select coalesce(c.entries, 0)::int as entries
      from generate_series(0, 23) as h(hour)
      left join (
        select extract(hour from e.occurred_at at time zone ${zone})::int as hour, count(*) as entries
        from entries e
        where e.college_id = ${collegeId} and e.occurred_at >= ${lower} and e.occurred_at < ${upper}
        group by 1
      ) c on c.hour = h.hour
      order by h.hour`,
  );
  return found.map((r) => Number(r.entries));
}

async function directTimeline(server: TestServer, collegeId: string, zone: string, query: StatisticsPeriod & { bucket: StatisticsBucket }) {
  const { lower, upper } = bounds(query, zone);
  const unit = query.bucket;
  const found = await rows<{ start: string; entries: number; members: number }>(
    server,
    sql`
      with buckets as (
        select generate_series(date_trunc(${unit}, ${query.from}::timestamp), ${query.to}::timestamp, ${`1 ${unit}`}::interval) as start
      ),
      e as (
        select date_trunc(${unit}, e.occurred_at at time zone ${zone}) as start, count(*) as entries, count(distinct e.user_id) as members
        from entries e
        where e.college_id = ${collegeId} and e.occurred_at >= ${lower} and e.occurred_at < ${upper}
        group by 1
      )
      select to_char(b.start, 'YYYY-MM-DD') as start, coalesce(e.entries, 0)::int as entries, coalesce(e.members, 0)::int as members
      from buckets b left join e on e.start = b.start
      order by b.start`,
  );
  return found.map((r) => ({ start: r.start, entries: Number(r.entries), members: Number(r.members) }));
}

/** Active members per role who entered in the period: `[role, active]`. */
async function directActive(server: TestServer, collegeId: string, zone: string, period: StatisticsPeriod): Promise<[string, number][]> {
  const { lower, upper } = bounds(period, zone);
  const found = await rows<{ role: string; active: number }>(
    server,
    sql`
      select u.role, count(*) filter (where exists (
        select 1 from entries e where e.college_id = ${collegeId} and e.user_id = u.id and e.occurred_at >= ${lower} and e.occurred_at < ${upper}
      ))::int as active
      from users u
      where u.college_id = ${collegeId} and u.status = 'active'
      group by u.role`,
  );
  const byRole = new Map(found.map((r) => [r.role, Number(r.active)]));
  return roles.map((role) => [role, byRole.get(role) ?? 0]);
}

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const hour = 3_600_000;
/**
 * Instants around changes of clocks: Santiago forward at 2020-09-06 04:00 UTC and back at
 * 2020-04-05 03:00 UTC (23:xx repeated); Havana back at 2020-11-01 05:00 UTC and the Azores at
 * 2020-10-25 01:00 UTC (00:xx repeated: entries dated a day before PostgreSQL's midnight of it).
 */
const changes = ['2020-04-05T03:00:00Z', '2020-09-06T04:00:00Z', '2020-10-25T01:00:00Z', '2020-11-01T05:00:00Z'].map((at) => new Date(at).getTime());

/** Periods whose ends fall on, before and after those days, and longer ones cut by weeks and months. */
const periods: StatisticsPeriod[] = [
  { from: '2020-04-04', to: '2020-04-04' },
  { from: '2020-04-05', to: '2020-04-05' },
  { from: '2020-04-01', to: '2020-04-30' },
  { from: '2020-09-05', to: '2020-09-06' },
  { from: '2020-09-06', to: '2020-09-20' },
  { from: '2020-10-24', to: '2020-10-24' },
  { from: '2020-10-25', to: '2020-10-25' },
  { from: '2020-10-31', to: '2020-10-31' },
  { from: '2020-11-01', to: '2020-11-01' },
  { from: '2020-10-25', to: '2020-10-31' },
  { from: '2020-11-01', to: '2020-11-08' },
  { from: '2020-10-31', to: '2020-11-01' },
  { from: '2020-03-15', to: '2020-11-14' },
  { from: '2020-01-01', to: '2020-12-31' },
];

describe.each(backends)('the statistics rollup of entries on $name', (backend) => {
  let server: TestServer;
  const ids: { colinas: string; british: string } = { colinas: '', british: '' };
  const members: Record<'colinas' | 'british', string[]> = { colinas: [], british: [] };
  const zones = { colinas: 'America/Santiago', british: 'America/Havana' };

  const scopeOf = (college: 'colinas' | 'british'): StatisticsScope => ({ collegeId: ids[college], timeZone: zones[college] });

  /** Every chart of every period, from the rollup and directly, side by side. */
  async function expectChartsToMatchEntries(college: 'colinas' | 'british'): Promise<void> {
    for (const period of periods) {
      const hours: EntryHoursResponse = await entryHours(server.db, scopeOf(college), period);
      expect(
        hours.data.map((r) => r.entries),
        `${college} hours ${period.from}–${period.to}`,
      ).toEqual(await directHours(server, ids[college], zones[college], period));
      const active = await membersByRole(server.db, scopeOf(college), period);
      expect(
        active.map((r) => [r.role, r.active]),
        `${college} members ${period.from}–${period.to}`,
      ).toEqual(await directActive(server, ids[college], zones[college], period));
      for (const bucket of ['day', 'week', 'month'] as const) {
        const timeline: EntryTimelineResponse = await entryTimeline(server.db, scopeOf(college), { ...period, bucket });
        expect(
          timeline.data.map(({ start, entries, members }) => ({ start, entries, members })),
          `${college} ${bucket}s ${period.from}–${period.to}`,
        ).toEqual(await directTimeline(server, ids[college], zones[college], { ...period, bucket }));
      }
    }
  }

  /** Sign-ins (never merged, unlike app opens) of the college's members around the changes of clocks and over the year. */
  async function record(college: 'colinas' | 'british', seed: number, count: number): Promise<void> {
    const random = generator(seed);
    const instants: Date[] = [];
    for (let i = 0; i < count; i++) {
      const near = changes[Math.floor(random() * changes.length)]!;
      const at = i % 3 === 0 ? Date.UTC(2020, 0, 1) + random() * 366 * 24 * hour : near + (random() * 6 - 3) * hour;
      instants.push(new Date(Math.floor(at / 1000) * 1000));
    }
    // Several at once: the upserts of shared rows (an hour, a day's count) must not lose one.
    for (let i = 0; i < instants.length; i += 8) {
      await Promise.all(
        instants.slice(i, i + 8).map((at, j) => {
          const userId = members[college][(i + j) % members[college].length]!;
          return recordEntry(server.db, { collegeId: ids[college], userId, timeZone: zones[college] }, 'sign_in', at);
        }),
      );
    }
  }

  beforeAll(async () => {
    server = await startServer(backend);
    for (const slug of ['colinas', 'british'] as const) {
      const [college] = await server.db.select().from(colleges).where(eq(colleges.slug, slug));
      ids[slug] = college!.id;
      members[slug] = (await server.db.select({ id: users.id }).from(users).where(eq(users.collegeId, college!.id))).map((u) => u.id);
    }
    // The british college moves to a zone whose clocks go back to midnight: its rollup is made again.
    await server.db.update(colleges).set({ timeZone: zones.british }).where(eq(colleges.id, ids.british));
  });
  afterAll(() => server.close());

  it('shows an entry recorded through the API in the charts at once', async () => {
    const host = hostOf('colinas');
    const admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zones.colinas }).format(new Date());
    const period = `from=${today}&to=${today}`;
    const before = json<EntryTimelineResponse>(
      await server.app.inject({ method: 'GET', url: `/api/v1/statistics/entries/timeline?${period}&bucket=day`, headers: { host, ...bearer(admin) } }),
    );
    const student = await signIn(server.app, host, { email: 'student@colinas.test' });
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/v1/entries', headers: { host, ...bearer(student) }, payload: { kind: 'app_open' } })).statusCode,
    ).toBe(204);
    const after = json<EntryTimelineResponse>(
      await server.app.inject({ method: 'GET', url: `/api/v1/statistics/entries/timeline?${period}&bucket=day`, headers: { host, ...bearer(admin) } }),
    );
    // The student's sign-in and app open; the administrator's sign-in was there before.
    expect(after.data[0]!.entries).toBe(before.data[0]!.entries + 2);
    expect(after.data[0]!.members).toBe(before.data[0]!.members + 1);
    const hours = json<EntryHoursResponse>(
      await server.app.inject({ method: 'GET', url: `/api/v1/statistics/entries/hours?${period}`, headers: { host, ...bearer(admin) } }),
    );
    expect(hours.data.reduce((sum, r) => sum + r.entries, 0)).toBe(after.data[0]!.entries);
  });

  it('counts what the entries count, around changes of clocks and a repeated midnight, in each college', async () => {
    await record('colinas', 7, 240);
    await record('british', 11, 240);
    // The repeated midnights were reached: some entries count with the day before their date.
    const [repeated] = await rows<{ n: number }>(
      server,
      sql`select coalesce(sum(previous_day_entries), 0)::int as n from entry_hours where college_id = ${ids.british}`,
    );
    expect(Number(repeated!.n)).toBeGreaterThan(0);
    await expectChartsToMatchEntries('colinas');
    await expectChartsToMatchEntries('british');
  });

  it('follows entries written many at once, moved, a member removed, and an entry removed', async () => {
    // One statement of many rows, as an import or a script would write them.
    const random = generator(23);
    await server.db.insert(entries).values(
      Array.from({ length: 300 }, (_, i) => ({
        id: uuidv7(),
        collegeId: ids.british,
        userId: members.british[i % members.british.length]!,
        kind: 'app_open' as const,
        occurredAt: new Date(changes[3]! + (random() * 4 - 2) * hour),
        hour: 0,
      })),
    );
    // Entries moved in time, as an administrator's correction would.
    await server.db.execute(sql`update entries set occurred_at = occurred_at + interval '50 minutes' where college_id = ${ids.colinas} and kind = 'sign_in'`);
    await expectChartsToMatchEntries('colinas');
    await expectChartsToMatchEntries('british');

    // A member deleted for good takes their entries (on delete cascade), and their part of the rollup.
    const removed = members.british[1]!;
    await server.db.delete(users).where(and(eq(users.collegeId, ids.british), eq(users.id, removed)));
    members.british = members.british.filter((id) => id !== removed);
    const [one] = await server.db.select({ id: entries.id }).from(entries).where(eq(entries.collegeId, ids.colinas)).limit(1);
    await server.db.delete(entries).where(eq(entries.id, one!.id));
    await expectChartsToMatchEntries('british');
    await expectChartsToMatchEntries('colinas');
  });

  it('keeps no empty rows, and member counts equal to the members kept', async () => {
    const [empty] = await rows<{ n: number }>(
      server,
      sql`select (select count(*) from entry_hours where entries <= 0 and previous_day_entries <= 0)
        + (select count(*) from entry_members where entries <= 0 and previous_day_entries <= 0)
        + (select count(*) from entry_member_counts where members <= 0) as n`,
    );
    expect(Number(empty!.n)).toBe(0);
    const [wrong] = await rows<{ n: number }>(
      server,
      sql`select count(*) as n
        from (select college_id, bucket, start, count(*) as members from entry_members group by 1, 2, 3) m
        full join entry_member_counts t using (college_id, bucket, start)
        where m.members is distinct from t.members`,
    );
    expect(Number(wrong!.n)).toBe(0);
  });

  it('makes a college’s rollup again when its zone changes', async () => {
    zones.colinas = 'Atlantic/Azores';
    await server.db.update(colleges).set({ timeZone: zones.colinas }).where(eq(colleges.id, ids.colinas));
    await expectChartsToMatchEntries('colinas');
    zones.colinas = 'America/Santiago';
    await server.db.update(colleges).set({ timeZone: zones.colinas }).where(eq(colleges.id, ids.colinas));
    await expectChartsToMatchEntries('colinas');
  });
});
