import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type * as schema from './schema';

/** The SQL made by `npm run db:generate` (drizzle-kit); the same files run on both drivers. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export function migratePglite(db: PgliteDatabase<typeof schema>): Promise<void> {
  return migratePg(db, { migrationsFolder });
}

export async function migratePostgres(pool: pg.Pool): Promise<void> {
  // Several API processes may start at once: a session advisory lock makes them migrate in
  // turn on one connection.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(7320250101)');
    await migrateNodePg(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(7320250101)').catch(() => undefined);
    client.release();
  }
}
