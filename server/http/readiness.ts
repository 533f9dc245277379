import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { migrationsFolder } from '../db/migrate';

export type Readiness = 'ready' | 'database_unreachable' | 'migrations_pending';

/** A probe must be answered even when the database hangs: its query gives up after this. */
const probeTimeoutMs = 2_000;

/** The newest migration this code knows (drizzle-kit's journal: `when` is what drizzle records as `created_at`). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Whether this process can serve: the database answers, and it holds every migration this
 * code knows. Drizzle applies a run of migrations in one transaction, so while a process is
 * migrating (this one before it listens, or another holding the migration lock,
 * server/db/migrate.ts) the newest migration is not there yet for anyone else: 503 until it commits.
 */
export async function readiness(db: Database, newest: number): Promise<Readiness> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), probeTimeoutMs);
    timer.unref();
  });
  // Both drivers answer `{ rows }`.
  const applied = db
    .execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`)
    .then((result) => Number((result as { rows: { at: string | number | null }[] }).rows[0]?.at ?? 0))
    .catch((error: unknown) => (isMissingTable(error) ? 0 : ('failed' as const)));
  try {
    const at = await Promise.race([applied, timedOut]);
    if (at === 'timeout' || at === 'failed') return 'database_unreachable';
    return at >= newest ? 'ready' : 'migrations_pending';
  } finally {
    clearTimeout(timer);
  }
}

/** No migrations table (or schema) yet: a database nobody migrated. */
function isMissingTable(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === '42P01' || code === '3F000') return true;
  }
  return false;
}

/**
 * `GET /api/ready`: 200 `{ status: 'ready' }` when this process can serve, else 503 with the
 * reason. `/api/health` says only that the process answers; a load balancer sends traffic
 * on ready and restarts on health.
 */
export function readyRoute(app: FastifyInstance, db: Database): void {
  const newest = newestMigration();
  app.get('/api/ready', { config: { withoutCollege: true } }, async (_request, reply) => {
    const status = await readiness(db, newest);
    return reply
      .code(status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status });
  });
}
