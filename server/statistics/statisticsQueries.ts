import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../contract/permissions';
import { roles } from '../../contract/permissions';
import type {
  EntryHoursResponse,
  EntryTimelineResponse,
  MembersByRoleRow,
  StatisticsBucket,
  StatisticsPeriod,
  TopDocument,
  TopPost,
} from '../../contract/statistics';
import type { Database } from '../db/client';

/**
 * The statistics' aggregates, in plain PostgreSQL (PGlite runs the same): one query per
 * chart over indexed columns, periods being days of the college's time zone. The entry charts
 * read the entries' rollup (server/entries/schema.ts, kept by triggers), not the entries. The
 * posts and documents tables belong to other features, so they are named here in SQL, not
 * imported.
 */

export interface StatisticsScope {
  collegeId: string;
  /** The college's IANA zone (validated before it reaches SQL). */
  timeZone: string;
  /** Only posts by this author (staff), or all of the college's (administrators). */
  authorId?: string | null;
}

/** A zone PostgreSQL and Intl both know, else UTC: an unknown zone must never make a 500. */
export function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return /^[A-Za-z0-9_+\-/]+$/.test(timeZone) ? timeZone : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** `[lower, upper)` instants of the period's days in the zone. */
function bounds(period: StatisticsPeriod, zone: string): { lower: SQL; upper: SQL } {
  return {
    lower: sql`((${period.from}::date)::timestamp at time zone ${zone})`,
    upper: sql`((${period.to}::date + 1)::timestamp at time zone ${zone})`,
  };
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

/**
 * Most read posts: members who first read each post in the period (`post_views` keeps one
 * row per member and post, stamped with its first reading), most first; ties by the newest
 * post, then its id. Deleted posts are left out.
 */
export async function topPosts(db: Database, scope: StatisticsScope, query: StatisticsPeriod & { limit: number }): Promise<TopPost[]> {
  const zone = safeZone(scope.timeZone);
  const { lower, upper } = bounds(query, zone);
  const author = scope.authorId ? sql`and p.author_id = ${scope.authorId}` : sql``;
  const found = await rows<{ id: string; title: string; author_name: string; published_at: unknown; views: number; total_views: number }>(
    db,
    sql`
      select p.id, p.title, p.author_name, p.published_at, v.views, p.views as total_views
      from (
        select pv.post_id, count(*)::int as views
        from post_views pv
        where pv.college_id = ${scope.collegeId} and pv.viewed_at >= ${lower} and pv.viewed_at < ${upper}
        group by pv.post_id
      ) v
      join posts p on p.id = v.post_id
      where p.college_id = ${scope.collegeId} and p.deleted_at is null ${author}
      order by v.views desc, p.published_at desc, p.id
      limit ${query.limit}`,
  );
  return found.map((r) => ({ ...r, published_at: iso(r.published_at), views: Number(r.views), total_views: Number(r.total_views) }));
}

/** Most downloaded documents: members who first downloaded each in the period; ties by the newest, then id. */
export async function topDocuments(db: Database, scope: StatisticsScope, query: StatisticsPeriod & { limit: number }): Promise<TopDocument[]> {
  const zone = safeZone(scope.timeZone);
  const { lower, upper } = bounds(query, zone);
  const found = await rows<TopDocument>(
    db,
    sql`
      select d.id, d.title, v.downloads, d.downloads as total_downloads
      from (
        select dd.document_id, count(*)::int as downloads
        from document_downloads dd
        where dd.college_id = ${scope.collegeId} and dd.first_at >= ${lower} and dd.first_at < ${upper}
        group by dd.document_id
      ) v
      join documents d on d.id = v.document_id
      where d.college_id = ${scope.collegeId} and d.deleted_at is null
      order by v.downloads desc, d.created_at desc, d.id
      limit ${query.limit}`,
  );
  return found.map((r) => ({ ...r, downloads: Number(r.downloads), total_downloads: Number(r.total_downloads) }));
}

/**
 * The entries a period counts from a day's rollup row (alias `r`): those of its own date when that day is
 * in the period, and those before PostgreSQL's midnight of it (a repeated 00:xx hour,
 * server/entries/schema.ts) when the day before is — as the `[lower, upper)` bounds on
 * `occurred_at` count them.
 */
function counted(period: StatisticsPeriod): SQL {
  return sql`(case when r.day <= ${period.to}::date then r.entries else 0 end
    + case when r.day > ${period.from}::date then r.previous_day_entries else 0 end)`;
}

/**
 * The day rows of `entry_members` (alias `r`) in the first and last `unit` buckets of the
 * period (those the period may cut) whose member entered within the period: by their own
 * date, or before PostgreSQL's midnight of the day after the period's last (see counted()).
 */
function edgeDays(scope: StatisticsScope, period: StatisticsPeriod, unit: StatisticsBucket): SQL {
  return sql`r.college_id = ${scope.collegeId} and r.bucket = 'day' and r.start >= ${period.from}::date and r.start <= ${period.to}::date + 1
    and (r.start < date_trunc(${unit}, ${period.from}::timestamp) + ${`1 ${unit}`}::interval or r.start >= date_trunc(${unit}, ${period.to}::timestamp))
    and ((r.start <= ${period.to}::date and r.entries > 0) or (r.start > ${period.from}::date and r.previous_day_entries > 0))`;
}

/**
 * Entries (sign-ins and app opens) by hour of the day in the college's zone: always 24 rows.
 * Read from the rollup (`entry_hours`): at most 24 rows a day instead of every entry.
 */
export async function entryHours(db: Database, scope: StatisticsScope, period: StatisticsPeriod): Promise<EntryHoursResponse> {
  const zone = safeZone(scope.timeZone);
  const found = await rows<{ hour: number; entries: number }>(
    db,
    sql`
      select h.hour::int as hour, coalesce(c.entries, 0)::int as entries
      from generate_series(0, 23) as h(hour)
      left join (
        select r.hour, sum(${counted(period)}) as entries
        from entry_hours r
        where r.college_id = ${scope.collegeId} and r.day >= ${period.from}::date and r.day <= ${period.to}::date + 1
        group by 1
      ) c on c.hour = h.hour
      order by h.hour`,
  );
  return { time_zone: zone, data: found.map((r) => ({ hour: Number(r.hour), entries: Number(r.entries) })) };
}

/**
 * Entries over time: per day, week (from Monday) or month of the college's zone, every
 * bucket of the period (empty ones too), with the distinct members who entered and the
 * members whose account was made in it. The first and last buckets count only the
 * period's days.
 *
 * From the rollup (server/entries/schema.ts): the entries from `entry_hours`; the members of
 * the buckets between the first and the last, wholly in the period, from their kept count
 * (`entry_member_counts`); those of the first and last, which may be cut by the period,
 * from the members of each of their days (`entry_members`), at most two months of them.
 */
export async function entryTimeline(
  db: Database,
  scope: StatisticsScope,
  query: StatisticsPeriod & { bucket: StatisticsBucket },
): Promise<EntryTimelineResponse> {
  const zone = safeZone(scope.timeZone);
  const { lower, upper } = bounds(query, zone);
  const unit = query.bucket;
  const step = `1 ${unit}`;
  const first = sql`date_trunc(${unit}, ${query.from}::timestamp)`;
  const last = sql`date_trunc(${unit}, ${query.to}::timestamp)`;
  const found = await rows<{ start: string; entries: number; members: number; new_members: number }>(
    db,
    sql`
      with buckets as (
        select generate_series(${first}, ${query.to}::timestamp, ${step}::interval) as start
      ),
      e as (
        select date_trunc(${unit}, r.day::timestamp) as start, sum(${counted(query)}) as entries
        from entry_hours r
        where r.college_id = ${scope.collegeId} and r.day >= ${query.from}::date and r.day <= ${query.to}::date + 1
        group by 1
      ),
      m as (
        select t.start::timestamp as start, t.members
        from entry_member_counts t
        where t.college_id = ${scope.collegeId} and t.bucket = ${unit} and t.start > ${first} and t.start < ${last}
        union all
        select date_trunc(${unit}, r.start::timestamp) as start, count(distinct r.user_id) as members
        from entry_members r
        where ${edgeDays(scope, query, unit)}
        group by 1
      ),
      n as (
        select date_trunc(${unit}, u.created_at at time zone ${zone}) as start, count(*) as new_members
        from users u
        where u.college_id = ${scope.collegeId} and u.created_at >= ${lower} and u.created_at < ${upper}
        group by 1
      )
      select to_char(b.start, 'YYYY-MM-DD') as start,
        coalesce(e.entries, 0)::int as entries,
        coalesce(m.members, 0)::int as members,
        coalesce(n.new_members, 0)::int as new_members
      from buckets b
      left join e on e.start = b.start
      left join m on m.start = b.start
      left join n on n.start = b.start
      order by b.start`,
  );
  return {
    time_zone: zone,
    bucket: unit,
    data: found.map((r) => ({ start: r.start, entries: Number(r.entries), members: Number(r.members), new_members: Number(r.new_members) })),
  };
}

/**
 * Active accounts per role, and how many of them entered the app in the period: a row for
 * every role. Who entered, from the rollup: the members of the months wholly inside the
 * period, and of the days of its first and last months.
 */
export async function membersByRole(db: Database, scope: StatisticsScope, period: StatisticsPeriod): Promise<MembersByRoleRow[]> {
  const found = await rows<{ role: Role; members: number; active: number }>(
    db,
    sql`
      select u.role, count(*)::int as members, count(a.user_id)::int as active
      from users u
      left join (
        select r.user_id
        from entry_members r
        where r.college_id = ${scope.collegeId} and r.bucket = 'month'
          and r.start > date_trunc('month', ${period.from}::timestamp) and r.start < date_trunc('month', ${period.to}::timestamp)
        union
        select r.user_id
        from entry_members r
        where ${edgeDays(scope, period, 'month')}
      ) a on a.user_id = u.id
      where u.college_id = ${scope.collegeId} and u.status = 'active'
      group by u.role`,
  );
  const byRole = new Map(found.map((r) => [r.role, r]));
  return roles.map((role) => ({ role, members: Number(byRole.get(role)?.members ?? 0), active: Number(byRole.get(role)?.active ?? 0) }));
}
