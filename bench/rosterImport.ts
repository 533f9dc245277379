/**
 * `npm run bench:roster` (docs/features/roster.md): a OneRoster set of 5,000 users (2,400
 * students, each with a guardian, and 200 teachers) and about 20,000 enrollments, zipped,
 * previewed and imported into an empty college, then imported again unchanged — on PGlite
 * in memory and on PostgreSQL. Each figure beside the goal (preview ≤ 10 s, import ≤ 30 s)
 * as a ratio; the reference column is the first import on PostgreSQL. BENCH_PG (default
 * postgres://postgres@127.0.0.1:5432): a throwaway database `patio_bench_roster` is made
 * there and dropped at the end.
 */
import { cpus } from 'node:os';
import pg from 'pg';
import { uuidv7 } from '../contract/ids';
import { openDatabase, type DatabaseOptions } from '../server/db/client';
import { colleges } from '../server/db/schema';
import { importRoster, previewRoster, readZipSet } from '../server/roster/importRoster';
import { generateRoster, zipOf } from '../tests/server/rosterFiles';

const databaseName = 'patio_bench_roster';
const server = (process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

async function recreate(drop: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    if (!drop) await admin.query(`create database ${databaseName}`);
  } finally {
    await admin.end();
  }
}

interface Figures {
  preview: number;
  import: number;
  again: number;
}

async function run(options: DatabaseOptions, zip: Buffer): Promise<Figures> {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    const id = uuidv7();
    await database.db
      .insert(colleges)
      .values({ id, slug: 'bench', name: 'Bench', shortName: 'Bench', language: 'en', themeColor: '#2f7d4f', hostPatterns: ['bench.localhost'] });
    const time = async (work: () => Promise<{ refused_total: number; written: boolean }>, write: boolean) => {
      const t0 = performance.now();
      const result = await work();
      const seconds = (performance.now() - t0) / 1000;
      if (result.refused_total > 0 || result.written !== write) throw new Error(`unexpected result: ${JSON.stringify(result).slice(0, 400)}`);
      return seconds;
    };
    const preview = await time(async () => previewRoster(database.db, id, await readZipSet(zip)), false);
    const first = await time(async () => importRoster(database.db, id, await readZipSet(zip), { actor: null }), true);
    const again = await time(async () => importRoster(database.db, id, await readZipSet(zip), { actor: null }), true);
    return { preview, import: first, again };
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const files = generateRoster({ students: 2400, teachers: 200, perStudent: 8 });
  const users = String(files['users.csv']).trim().split('\n').length - 1;
  const enrollments = String(files['enrollments.csv']).trim().split('\n').length - 1;
  const zip = await zipOf(files);
  console.log(`${users} users, ${enrollments} enrollments, zip ${(zip.length / 1024).toFixed(0)} kB; ${cpus().length} cores`);
  await recreate(false);
  let postgres: Figures;
  try {
    postgres = await run({ url: `${server}/${databaseName}` }, zip);
  } finally {
    await recreate(true);
  }
  const pglite = await run({ memory: true }, zip);
  const goal: Figures = { preview: 10, import: 30, again: 30 };
  console.log('| step | goal | PostgreSQL | PGlite | PGlite / PostgreSQL |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const step of ['preview', 'import', 'again'] as const) {
    const row = (s: number) => `${s.toFixed(2)} s (${(s / goal[step]).toFixed(2)}× goal)`;
    console.log(
      `| ${step === 'again' ? 'import again, unchanged' : step} | ≤ ${goal[step]} s | ${row(postgres[step])} | ${row(pglite[step])} | ${(pglite[step] / postgres[step]).toFixed(2)} |`,
    );
  }
}

await main();
