import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { audienceKeys } from '../../contract/audience';
import { messages } from '../../contract/messages';
import { can } from '../../contract/permissions';
import { openExportStates, type DataExportRow, type RequestExportArgs } from '../../contract/privacy';
import { looksLikeUuid } from '../audience/references';
import { memberName, recordAudit } from '../auditRecord/recordAudit';
import type { UserRow } from '../auth/requireUser';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { forbidden, HttpError, notFound } from '../http/errors';
import { wakeJob } from '../jobs';
import { defineEntity } from '../sync/entity';
import type { MutationActor } from '../sync/mutation';
import { writeInCollege, type Write } from '../sync/writeInCollege';
import { dataExports } from './schema';

export type ExportRecord = typeof dataExports.$inferSelect;

/** The job that prepares, expires and cleans up exports (server/privacy/exportJob.ts). */
export const exportJobName = 'privacy.exports';

export function dataExportToWire(row: ExportRecord): DataExportRow {
  return {
    id: row.id,
    member_id: row.memberId,
    member_name: row.memberName,
    requested_by: row.requestedBy,
    state: row.state,
    requested_at: row.requestedAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    size: row.size,
  };
}

/** Exports reach the devices of whoever asked for them, and nobody else's. */
export const dataExportEntity = defineEntity({ name: 'data_exports', table: dataExports, toWire: dataExportToWire });

/**
 * `privacy.requestExport`: a member asks for a copy of their own data; an administrator
 * may ask for any member's. One open request per requester and member at a time (409);
 * the same id pushed again (a device that missed the answer) changes nothing.
 */
export async function requestExport(write: Write, actor: MutationActor, args: RequestExportArgs): Promise<ExportRecord> {
  const id = args.id.toLowerCase();
  const memberId = args.member_id.toLowerCase();
  if (memberId !== actor.user.id && !can(actor.user.role, 'privacy.manage')) throw forbidden();
  const [existing] = await write.tx.select().from(dataExports).where(eq(dataExports.id, id));
  if (existing) {
    if (existing.collegeId === write.collegeId && existing.requestedBy === actor.user.id && existing.memberId === memberId) return existing;
    throw new HttpError(409, messages.conflict);
  }
  const [member] = await write.tx
    .select({ id: users.id, name: users.name, firstLastname: users.firstLastname })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.collegeId, write.collegeId), isNull(users.removedAt)));
  if (!member) throw notFound(messages.memberNotFound);
  const [open] = await write.tx
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.collegeId, write.collegeId),
        eq(dataExports.memberId, memberId),
        eq(dataExports.requestedBy, actor.user.id),
        inArray(dataExports.state, [...openExportStates]),
        isNull(dataExports.deletedAt),
      ),
    )
    .for('update');
  if (open) throw new HttpError(409, messages.exportPending);
  const keys = [audienceKeys.user(actor.user.id)];
  const [row] = await write.tx
    .insert(dataExports)
    .values({
      id,
      collegeId: write.collegeId,
      memberId,
      memberName: [member.name, member.firstLastname].filter(Boolean).join(' '),
      requestedBy: actor.user.id,
      state: 'asked',
      audienceKeys: keys,
      seenKeys: keys,
      seq: write.stamp(keys),
    })
    .returning();
  // An administrator's copy of someone else's data is an administrative action; a member's own is not.
  if (memberId !== actor.user.id) {
    await recordAudit(write.tx, {
      collegeId: write.collegeId,
      actor,
      kind: 'data.exported',
      subject: { id: memberId, name: memberName(member) },
      before: null,
      after: { export_id: id },
    });
  }
  // The job prepares it as soon as this commits, in whichever process hears it first.
  await wakeJob(write.tx, exportJobName);
  return row!;
}

/** The requester's exports, newest first (`GET /api/v1/privacy/exports`). */
export async function exportsOf(db: Database, user: UserRow): Promise<ExportRecord[]> {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.collegeId, user.collegeId), eq(dataExports.requestedBy, user.id), isNull(dataExports.deletedAt)))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(100);
}

/**
 * Takes the requester's ready export for its one download: marks it `downloaded` (devices
 * hear it) and answers its file key, which the caller streams and then removes. Someone
 * else's export, or another college's, is 404; one already downloaded, expired or failed
 * is 410; one still being prepared is 409. Two downloads at once: the college's write lock
 * orders them, and only the first finds it ready.
 */
export async function takeForDownload(db: Database, user: UserRow, id: string, now: Date): Promise<ExportRecord> {
  if (!looksLikeUuid(id)) throw notFound(messages.exportNotFound);
  return writeInCollege(db, user.collegeId, async (write) => {
    const [row] = await write.tx
      .select()
      .from(dataExports)
      .where(
        and(
          eq(dataExports.id, id.toLowerCase()),
          eq(dataExports.collegeId, user.collegeId),
          eq(dataExports.requestedBy, user.id),
          isNull(dataExports.deletedAt),
        ),
      )
      .for('update');
    if (!row) throw notFound(messages.exportNotFound);
    if (row.state === 'asked' || row.state === 'preparing') throw new HttpError(409, messages.exportNotReady);
    if (row.state !== 'ready' || (row.expiresAt && row.expiresAt <= now)) throw new HttpError(410, messages.exportGone);
    const [taken] = await write.tx
      .update(dataExports)
      .set({ state: 'downloaded', downloadedAt: now, seq: write.stamp(row.seenKeys) })
      .where(eq(dataExports.id, row.id))
      .returning();
    return taken!;
  });
}
