/**
 * `npm run bench:statistics` (docs/features/statistics.md): each statistics query on PostgreSQL for a college
 * with 1,000,000 entries over a year, 10,000 posts read 500,000 times, 2,000 members and
 * 200 documents downloaded 40,000 times. Warm, median of 10 runs, against the 300 ms goal;
 * for the last 30 days and for the whole year. BENCH_PG (default
 * postgres://postgres@127.0.0.1:5432): a throwaway database `patio_bench_statistics` is
 * made there and dropped at the end.
 */
import { cpus } from 'node:os';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { colleges } from '../server/db/schema';
import { entryHours, entryTimeline, membersByRole, topDocuments, topPosts, type StatisticsScope } from '../server/statistics/statisticsQueries';
import { seedPosts } from './lib/seedPosts';

const databaseName = 'patio_bench_statistics';
const server = (process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const goalMs = 300;
const runs = 10;

async function recreate(drop: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    if (!drop) await admin.query(`create database ${databaseName}`);
    return String((await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?');
  } finally {
    await admin.end();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const version = await recreate(false);
  try {
    const started = performance.now();
    await seedPosts({ url: `${server}/${databaseName}` }, 10_000);
    const database = await openDatabase({ url: `${server}/${databaseName}` });
    const sqlClient = new pg.Client({ connectionString: `${server}/${databaseName}` });
    await sqlClient.connect();
    try {
      const [college] = await database.db.select().from(colleges).where(eq(colleges.slug, 'colinas'));
      if (!college) throw new Error('no colinas');
      const c = college.id;
      const q = (text: string) => sqlClient.query(text.replaceAll(':college', `'${c}'`));
      // 2,000 members made over the year; 1,000,000 entries over the year (more by day, by 08–20 h).
      await q(`insert into users (id, college_id, role, status, name, email, password_hash, created_at)
        select gen_random_uuid(), :college, (array['student','guardian','staff'])[1 + g % 3], 'active', 'Bench ' || g, 'bench' || g || '@colinas.test', 'x',
          now() - interval '365 days' * random()
        from generate_series(1, 2000) g`);
      await q(`create temporary table bench_members as select row_number() over () as n, id from users where college_id = :college`);
      await q(`insert into entries (id, college_id, user_id, kind, occurred_at, hour)
        select gen_random_uuid(), :college, m.id, 'app_open', t, extract(hour from t at time zone 'America/Santiago')::int
        from (select g, date_trunc('day', now()) - interval '365 days' * random() + interval '1 hour' * (8 + 12 * random()) as t
              from generate_series(1, 1000000) g) s
        join bench_members m on m.n = 1 + s.g % (select count(*) from bench_members)`);
      // 50 readers per post (500,000 first reads), spread over the year.
      await q(`insert into post_views (college_id, post_id, user_id, viewed_at)
        select :college, p.id, m.id, now() - interval '365 days' * random()
        from (select id, row_number() over () as n from posts where college_id = :college) p
        cross join generate_series(0, 49) k
        join bench_members m on m.n = 1 + (p.n * 7 + k * 37) % (select count(*) from bench_members)
        on conflict do nothing`);
      await q(`update posts p set views = v.n from (select post_id, count(*) n from post_views group by post_id) v where v.post_id = p.id`);
      // 200 documents (copies of the demo ones), 200 downloads each.
      const columns = (
        await q(`select column_name from information_schema.columns where table_name = 'documents' and column_name not in ('id', 'seq')`)
      ).rows.map((r: { column_name: string }) => `"${r.column_name}"`);
      await q(`insert into documents (id, seq, ${columns.join(', ')})
        select gen_random_uuid(), 0, ${columns.map((col) => `d.${col}`).join(', ')}
        from generate_series(1, 200) g cross join lateral (select * from documents where college_id = :college order by id limit 1) d`);
      await q(`insert into document_downloads (document_id, user_id, college_id, first_at)
        select d.id, m.id, :college, now() - interval '365 days' * random()
        from (select id, row_number() over () as n from documents where college_id = :college) d
        cross join generate_series(0, 199) k
        join bench_members m on m.n = 1 + (d.n * 11 + k * 13) % (select count(*) from bench_members)
        on conflict do nothing`);
      await q('vacuum analyze');
      const counts = (
        await q(`select (select count(*) from entries where college_id = :college) e, (select count(*) from posts where college_id = :college) p,
        (select count(*) from post_views where college_id = :college) v, (select count(*) from document_downloads where college_id = :college) d`)
      ).rows[0] as Record<string, string>;
      console.log(
        `PostgreSQL ${version}, ${cpus().length} cores; ${counts.e} entries, ${counts.p} posts, ${counts.v} reads, ${counts.d} downloads; ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );

      const scope: StatisticsScope = { collegeId: c, timeZone: college.timeZone };
      const author = String(
        (await q(`select id from users where college_id = :college and email = 'staff@colinas.test'`)).rows.map((r: { id: string }) => r.id)[0],
      );
      const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
      const periods = { 'last 30 days': { from: day(29), to: day(0) }, 'the year': { from: day(364), to: day(0) } };
      const rows: string[] = [];
      for (const [periodName, period] of Object.entries(periods)) {
        const queries: [string, () => Promise<unknown>][] = [
          ['most read posts (top 10)', () => topPosts(database.db, scope, { ...period, limit: 10 })],
          ['most read posts of one author (staff)', () => topPosts(database.db, { ...scope, authorId: author }, { ...period, limit: 50 })],
          ['most downloaded documents (top 10)', () => topDocuments(database.db, scope, { ...period, limit: 10 })],
          ['entries by hour', () => entryHours(database.db, scope, period)],
          ['entries per day', () => entryTimeline(database.db, scope, { ...period, bucket: 'day' })],
          ['entries per week', () => entryTimeline(database.db, scope, { ...period, bucket: 'week' })],
          ['entries per month', () => entryTimeline(database.db, scope, { ...period, bucket: 'month' })],
          ['members by role', () => membersByRole(database.db, scope, period)],
        ];
        for (const [name, run] of queries) {
          await run();
          const times: number[] = [];
          for (let i = 0; i < runs; i++) {
            const t0 = performance.now();
            await run();
            times.push(performance.now() - t0);
          }
          const m = median(times);
          const line = `| ${periodName} | ${name} | ${m.toFixed(0)} ms | ${m <= goalMs ? 'yes' : 'NO'} |`;
          console.log(line);
          rows.push(line);
        }
      }
      console.log(`\n| period | query | median of ${runs} (warm) | ≤ ${goalMs} ms |\n| --- | --- | --- | --- |\n${rows.join('\n')}`);
    } finally {
      await sqlClient.end();
      await database.close();
    }
  } finally {
    if (!process.env.PATIO_BENCH_KEEP) await recreate(true);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
