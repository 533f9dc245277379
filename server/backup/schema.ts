/**
 * The scheduled backups' record (drizzle.config.ts reads every `server/<feature>/schema.ts`).
 */
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One scheduled backup: its slot (the start of its interval, server/backup/backupJob.ts) is
 * the key, so of several API processes only the first to claim a slot backs up. `outcome` is
 * `running` until it ends `ok` or `failed`; `reason` is the failure's cause as the system
 * gave it (an error code and message, never a member's text).
 */
export const backupRuns = pgTable('backup_runs', {
  slot: timestamp('slot', { withTimezone: true }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  outcome: text('outcome', { enum: ['running', 'ok', 'failed'] }).notNull(),
  reason: text('reason'),
  archive: text('archive'),
  bytes: bigint('bytes', { mode: 'number' }),
});
