import { and, eq, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { exportLifetimeMs } from '../../contract/privacy';
import type { Database } from '../db/client';
import type { Job, JobServices } from '../jobs';
import { writeInCollege } from '../sync/writeInCollege';
import { sweepErasedFiles } from './erasedFiles';
import { exportContentOf } from './exportContent';
import { exportJobName, type ExportRecord } from './exportService';
import { ExportFiles, exportKeyOf, writeExportZip } from './exportZip';
import { dataExports } from './schema';

/** How long a process may hold an export it is preparing before another may take it over. */
const claimMs = 15 * 60 * 1000;

/**
 * Takes one export that is waiting (or whose preparer stopped) for this process, under its
 * college's write lock, and marks it `preparing` (devices hear it). Null when none is due.
 */
async function claimNext(db: Database, now: Date): Promise<ExportRecord | null> {
  const due = or(eq(dataExports.state, 'asked'), and(eq(dataExports.state, 'preparing'), lt(dataExports.takenUntil, now)));
  const [candidate] = await db
    .select({ id: dataExports.id, collegeId: dataExports.collegeId })
    .from(dataExports)
    .where(and(due, sql`${dataExports.deletedAt} is null`))
    .orderBy(dataExports.requestedAt)
    .limit(1);
  if (!candidate) return null;
  const claimed = await writeInCollege(db, candidate.collegeId, async (write) => {
    const [row] = await write.tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.id, candidate.id), due, sql`${dataExports.deletedAt} is null`))
      .for('update');
    if (!row) return null;
    const [taken] = await write.tx
      .update(dataExports)
      .set({ state: 'preparing', takenUntil: new Date(now.getTime() + claimMs), seq: write.stamp(row.seenKeys) })
      .where(eq(dataExports.id, row.id))
      .returning();
    return taken ?? null;
  });
  // Another process took it first: look for the next.
  return claimed ?? claimNext(db, now);
}

/** Prepares one claimed export: the zip, then `ready` for a week; `failed` when it cannot be made. */
async function prepare(db: Database, files: ExportFiles, services: Pick<JobServices, 'storage' | 'log'>, row: ExportRecord, now: Date): Promise<void> {
  let outcome: Partial<ExportRecord>;
  try {
    const content = await exportContentOf(db, row.collegeId, row.memberId);
    if (!content) {
      outcome = { state: 'failed' };
    } else {
      const size = await writeExportZip(files, services.storage, row.collegeId, row.id, content, now);
      outcome = { state: 'ready', size, fileKey: exportKeyOf(row.id), readyAt: now, expiresAt: new Date(now.getTime() + exportLifetimeMs) };
    }
  } catch (error) {
    services.log.warn({ err: error, export: row.id }, 'preparing a data export failed');
    outcome = { state: 'failed' };
  }
  const stored = await writeInCollege(db, row.collegeId, async (write) => {
    const [current] = await write.tx.select().from(dataExports).where(eq(dataExports.id, row.id)).for('update');
    // Erased meanwhile, or taken over by another process after our claim ran out: theirs wins.
    if (!current || current.deletedAt || current.state !== 'preparing' || current.takenUntil?.getTime() !== row.takenUntil?.getTime()) return false;
    await write.tx
      .update(dataExports)
      .set({ ...outcome, takenUntil: null, seq: write.stamp(current.seenKeys) })
      .where(eq(dataExports.id, row.id));
    return true;
  });
  if (!stored && outcome.fileKey) await files.remove(row.collegeId, outcome.fileKey);
}

/** Ready exports past their week become `expired`; devices hear it. */
async function expire(db: Database, now: Date): Promise<void> {
  const due = await db
    .selectDistinct({ collegeId: dataExports.collegeId })
    .from(dataExports)
    .where(and(eq(dataExports.state, 'ready'), lte(dataExports.expiresAt, now)));
  for (const { collegeId } of due) {
    await writeInCollege(db, collegeId, async (write) => {
      const rows = await write.tx
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.collegeId, collegeId), eq(dataExports.state, 'ready'), lte(dataExports.expiresAt, now)))
        .for('update');
      for (const row of rows) {
        await write.tx
          .update(dataExports)
          .set({ state: 'expired', seq: write.stamp(row.seenKeys) })
          .where(eq(dataExports.id, row.id));
      }
    });
  }
}

/**
 * Removes the zips nobody may download any more (downloaded, expired, failed, or of an erased
 * member), after the write that said so committed, then forgets their keys (not on the
 * wire: no change number).
 */
export async function sweepExportFiles(db: Database, files: ExportFiles): Promise<number> {
  const gone = await db
    .select({ id: dataExports.id, collegeId: dataExports.collegeId, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(ne(dataExports.fileKey, ''), or(inArray(dataExports.state, ['downloaded', 'expired', 'failed']), isNotNull(dataExports.deletedAt))))
    .limit(500);
  for (const row of gone) {
    await files.remove(row.collegeId, row.fileKey);
    await db
      .update(dataExports)
      .set({ fileKey: '' })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.fileKey, row.fileKey)));
  }
  return gone.length;
}

/** One run: prepare what is asked, expire what is past its week, remove the files that must go. */
export async function runExports(db: Database, now: Date, services: Pick<JobServices, 'dataDir' | 'storage' | 'log'>): Promise<void> {
  const files = new ExportFiles(services.dataDir);
  // A bounded number per run: the job runs again at once when woken, and every minute.
  for (let i = 0; i < 20; i++) {
    const row = await claimNext(db, now);
    if (!row) break;
    await prepare(db, files, services, row, now);
  }
  await expire(db, now);
  await sweepExportFiles(db, files);
  await sweepErasedFiles(db, services.storage, files);
}

export const exportJob: Job = { name: exportJobName, everyMs: 60_000, run: runExports };
