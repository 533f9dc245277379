import { basename } from 'node:path';
import { desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Job, JobServices } from '../jobs';
import { backupToFolder } from './createBackup';
import { sourceOf, type DatabaseSource } from './databaseDump';
import { keepNewest } from './retention';
import { backupRuns } from './schema';

/** Scheduled backups (`PATIO_BACKUP_DIR`, `PATIO_BACKUP_EVERY_HOURS`, `PATIO_BACKUP_KEEP`: server/env.ts). */
export interface BackupSchedule {
  dir: string;
  everyHours: number;
  /** Archives kept in `dir`, the newest; older ones are deleted after each good backup. */
  keep: number;
}

/** Runs recorded in the database: enough to see a pattern of failures, not a growing table. */
const runsKept = 50;

/** The start of the interval `now` falls in, counted from the epoch (every 24 hours: midnight UTC). */
export function slotOf(now: Date, everyHours: number): Date {
  const every = everyHours * 3_600_000;
  return new Date(Math.floor(now.getTime() / every) * every);
}

/** The failure's cause as the system gave it, without a stack: `ENOTDIR: not a directory, …`. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 500);
}

/**
 * Backs up once per slot: the first process to record the slot's run writes the archive
 * (several API processes share one database), then keeps the newest archives and records the
 * outcome; a failure is recorded and logged, and the next slot tries again.
 */
export async function runScheduledBackup(
  db: Database,
  now: Date,
  { dataDir, log }: Pick<JobServices, 'dataDir' | 'log'>,
  schedule: BackupSchedule,
  source: DatabaseSource = sourceOf(db),
): Promise<void> {
  const slot = slotOf(now, schedule.everyHours);
  const [claimed] = await db.insert(backupRuns).values({ slot, startedAt: now, outcome: 'running' }).onConflictDoNothing().returning({ slot: backupRuns.slot });
  if (!claimed) return;
  try {
    const { file, bytes } = await backupToFolder({ source, dataDir, now }, schedule.dir);
    const removed = await keepNewest(schedule.dir, schedule.keep);
    await db
      .update(backupRuns)
      .set({ outcome: 'ok', finishedAt: new Date(), archive: basename(file), bytes })
      .where(eq(backupRuns.slot, slot));
    log.info({ job: 'backup', archive: basename(file), bytes, removed: removed.length }, 'backup written');
  } catch (error) {
    const reason = reasonOf(error);
    await db.update(backupRuns).set({ outcome: 'failed', finishedAt: new Date(), reason }).where(eq(backupRuns.slot, slot));
    log.error({ job: 'backup', reason }, 'backup failed');
  }
  const [oldest] = await db
    .select({ slot: backupRuns.slot })
    .from(backupRuns)
    .orderBy(desc(backupRuns.slot))
    .offset(runsKept - 1)
    .limit(1);
  if (oldest) await db.delete(backupRuns).where(lt(backupRuns.slot, oldest.slot));
}

/** The job: looks every ten minutes (or each interval, if shorter) whether the slot's backup is due. */
export function backupJob(schedule: BackupSchedule): Job {
  return {
    name: 'backup',
    everyMs: Math.min(schedule.everyHours * 3_600_000, 10 * 60_000),
    run: (db, now, services) => runScheduledBackup(db, now, services, schedule),
  };
}
