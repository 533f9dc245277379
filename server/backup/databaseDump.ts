import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client';

/** The database a backup is taken from: the open PGlite itself, or PostgreSQL by its URL. */
export type DatabaseSource = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

/** The source behind an open drizzle database (server/db/client.ts makes it on either driver). */
export function sourceOf(db: Database): DatabaseSource {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return { kind: 'pglite', client };
  if (client instanceof pg.Pool && client.options.connectionString) return { kind: 'postgres', url: client.options.connectionString };
  throw new Error('backup: the database is neither PGlite nor a PostgreSQL pool opened with a URL');
}

/**
 * pg_dump and pg_restore take the connection without its password, which they read from
 * PGPASSWORD: a password in their arguments would show in every process list.
 */
function connectionOf(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client program found on PATH; rejects with the end of its error output. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'ENOENT' ? `${program} is not on PATH (Debian: apt-get install postgresql-client)` : `${program}: ${error.message}`)),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} exited with ${code}: ${errors.trim().split('\n').slice(-3).join(' ')}`)),
    );
  });
}

/**
 * Writes the database to `file`. PGlite: its data folder as a gzipped tar, after a
 * checkpoint, taken while no transaction is open (PGlite runs one at a time on its single
 * connection, so the copy is of committed work only). PostgreSQL: `pg_dump` in its custom
 * format (compressed, restored with pg_restore), one consistent snapshot.
 */
export async function dumpDatabase(source: DatabaseSource, file: string): Promise<void> {
  if (source.kind === 'pglite') {
    const { client } = source;
    await client.query('checkpoint');
    // dumpDataDir waits only for the statement in progress; inside the transaction lock it
    // also waits for a transaction between two of its statements.
    const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return;
  }
  const { url, env } = connectionOf(source.url);
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${url}`], env);
}

/** The database a backup is restored into. */
export type DatabaseTarget = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

/** Whether a PostgreSQL database holds any table (the migrations' own included). */
export async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores a dump made by dumpDatabase. PGlite: into `dir`, which must not hold a database.
 * PostgreSQL: `pg_restore` in one transaction (a failure leaves the database as it was);
 * `clean` drops the dump's objects first, for a target that is not empty.
 */
export async function restoreDatabase(target: DatabaseTarget, file: string, options: { clean: boolean }): Promise<void> {
  if (target.kind === 'pglite') {
    const client = await PGlite.create(target.dir, { loadDataDir: new Blob([await readFile(file)]) });
    await client.close();
    return;
  }
  const { url, env } = connectionOf(target.url);
  const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`];
  if (options.clean) args.push('--clean', '--if-exists');
  await run('pg_restore', [...args, file], env);
}
