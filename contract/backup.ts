import { z } from './zod';

/** One scheduled backup as administrators see it (server/backup/backupJob.ts). */
export const backupRunView = z.object({
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.enum(['running', 'ok', 'failed']),
  /** Why it failed, as the system said it (a code and a message); null unless failed. */
  reason: z.string().nullable(),
  /** The archive's file name in the backup folder; null unless ok. */
  archive: z.string().nullable(),
  bytes: z.number().int().nullable(),
});
export type BackupRunView = z.infer<typeof backupRunView>;

/** `GET /api/v1/admin/backups`: the schedule (null when scheduled backups are off), the last run and the last good one. */
export const backupStatusResponse = z.object({
  data: z.object({
    schedule: z.object({ every_hours: z.number().positive(), keep: z.number().int().positive() }).nullable(),
    last: backupRunView.nullable(),
    last_ok: backupRunView.nullable(),
  }),
});
export type BackupStatus = z.infer<typeof backupStatusResponse>['data'];
