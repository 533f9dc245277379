import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { migratePglite, migratePostgres } from './migrate';
import * as schema from './schema';

/** One drizzle type for both drivers: features never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Connections of each process's PostgreSQL pool (server/sync/pullLane.ts keeps some for writes). */
export const poolSize = 10;

/**
 * Where the database is: a folder for the embedded PGlite, a PostgreSQL URL, or in memory;
 * in memory from `snapshot` (a PGlite `dumpDataDir()`: a migrated, seeded database that
 * tests start from instead of creating, migrating and seeding one each).
 */
export type DatabaseOptions = { dataDir: string } | { url: string } | { memory: true; snapshot?: Blob };

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** The embedded database's files as one blob (`snapshot` of DatabaseOptions opens it again); PGlite only. */
  snapshot?: () => Promise<Blob>;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: poolSize });
    // An idle pooled connection that the server closes (a restart, a failover, an
    // administrator) is reported here; without a listener Node would crash the process.
    // The pool drops that connection and opens a new one on the next query.
    pool.on('error', (error) => console.warn(`database: idle connection lost (${error.message})`));
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePostgres(pool),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('dataDir' in options) {
    const dir = resolve(options.dataDir, 'pglite');
    // PGlite creates its own folder but not the parent.
    mkdirSync(dirname(dir), { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create(options.snapshot ? { loadDataDir: options.snapshot } : {});
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db),
    close: () => client.close(),
    snapshot: () => client.dumpDataDir('none'),
  };
}
