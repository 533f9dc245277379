import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupStatusResponse, type BackupRunView } from '../../contract/backup';
import { requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { backupRuns } from './schema';

const viewOf = (row: typeof backupRuns.$inferSelect): BackupRunView => ({
  started_at: row.startedAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
  outcome: row.outcome,
  reason: row.reason,
  archive: row.archive,
  bytes: row.bytes,
});

/**
 * `GET /api/v1/admin/backups`: the installation's scheduled backups, for administrators
 * (`integrations.manage`). The backups are of the whole installation; what an administrator
 * sees is when they ran and how they ended, never what they hold.
 */
export function backupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/v1/admin/backups',
      { schema: { response: { 200: backupStatusResponse } }, onRequest: [requireUser(db), requirePermission('integrations.manage')] },
      async () => {
        const [last] = await db.select().from(backupRuns).orderBy(desc(backupRuns.slot)).limit(1);
        const [lastOk] = await db.select().from(backupRuns).where(eq(backupRuns.outcome, 'ok')).orderBy(desc(backupRuns.slot)).limit(1);
        return {
          data: {
            schedule: config.backup ? { every_hours: config.backup.everyHours, keep: config.backup.keep } : null,
            last: last ? viewOf(last) : null,
            last_ok: lastOk ? viewOf(lastOk) : null,
          },
        };
      },
    );
}
