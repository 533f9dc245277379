import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDocumentMaxBytes } from '../contract/documents';
import type { BackupSchedule } from './backup/backupJob';
import type { DatabaseOptions } from './db/client';

/** The repository root (server/..), where dist/ and node_modules/ are. */
export const rootDir = fileURLToPath(new URL('..', import.meta.url));

export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.PATIO_DATA_DIR ?? 'data');
}

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite under the data folder. */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  const url = env.DATABASE_URL?.trim();
  return url ? { url } : { dataDir: dataDirFromEnv(env) };
}

/** `PATIO_PUSH_HOSTS=push.example.org,127.0.0.1:8090`: push services allowed besides the public ones. */
export function pushHostsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.PATIO_PUSH_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
}

/** `PATIO_DOCUMENT_MAX_BYTES`: the size cap of one document's file; the default when unset or not a positive whole number. */
export function documentMaxBytesFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.PATIO_DOCUMENT_MAX_BYTES?.trim() ?? '');
  return Number.isSafeInteger(value) && value > 0 ? value : defaultDocumentMaxBytes;
}

/**
 * Scheduled backups: `PATIO_BACKUP_DIR` (where archives go; unset, none are made),
 * `PATIO_BACKUP_EVERY_HOURS` (default 24) and `PATIO_BACKUP_KEEP` (archives kept, default 7).
 * A value that is not a positive number is refused rather than guessed.
 */
export function backupScheduleFromEnv(env: NodeJS.ProcessEnv = process.env): BackupSchedule | null {
  const dir = env.PATIO_BACKUP_DIR?.trim();
  if (!dir) return null;
  const everyHours = Number(env.PATIO_BACKUP_EVERY_HOURS?.trim() || 24);
  const keep = Number(env.PATIO_BACKUP_KEEP?.trim() || 7);
  if (!(Number.isFinite(everyHours) && everyHours > 0)) throw new Error('PATIO_BACKUP_EVERY_HOURS must be a positive number of hours');
  if (!(Number.isSafeInteger(keep) && keep > 0)) throw new Error('PATIO_BACKUP_KEEP must be a positive whole number');
  return { dir: resolve(dir), everyHours, keep };
}

/** `PATIO_METRICS_TOKEN`: the bearer token a scraper of `/metrics` sends; unset or blank serves no metrics. */
export function metricsTokenFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const token = env.PATIO_METRICS_TOKEN?.trim();
  return token ? token : null;
}
