import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { audienceKeys } from '../../contract/audience';
import { messages } from '../../contract/messages';
import type { EraseMemberArgs, ErasurePolicy, ErasureResult } from '../../contract/privacy';
import { removeOwnerAttachments } from '../attachments/attachmentService';
import { followChild } from '../audience/guardians';
import { memberName, recordAudit } from '../auditRecord/recordAudit';
import type { UserRow } from '../auth/requireUser';
import { accessTokens, passwordResets, userSections, users } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { wakeJob } from '../jobs';
import { forgetMemberDevices } from '../push/subscriptions';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import { exportJobName } from './exportService';
import { restamp, rowsOf, textArray } from './restamp';
import { settingsOf } from './settingsService';

/**
 * Erasing a member (docs/features/privacy.md, "Erasure"), in the administrator's one write:
 * the account becomes an anonymous tombstone (nobody can sign in to it, nothing personal is
 * left on it), what they wrote stays under "Former member" or goes with them as the
 * college's policy says, their receipts, reads, sessions, push subscriptions, calendar feed
 * and exports go, and every row a device may hold is numbered again, so devices follow.
 * Files go after the commit: the erasure wakes the exports job, which removes them
 * (erasedFiles.ts), so a pushed erasure and a REST one alike lose none.
 */

/** Tables whose rows have an author (`author_id`, `author_name`): what a member wrote. */
const authoredTables = ['posts', 'events', 'notifications', 'documents'] as const;

const liveMember = async (write: Write, id: string): Promise<UserRow> => {
  const [row] = await write.tx
    .select()
    .from(users)
    .where(and(eq(users.id, id.toLowerCase()), eq(users.collegeId, write.collegeId), isNull(users.removedAt)))
    .for('update');
  if (!row) throw notFound(messages.memberNotFound);
  return row;
};

/** An administrator cannot erase themself, nor the college's last active administrator. */
async function assertErasable(write: Write, actor: MutationActor, target: UserRow): Promise<void> {
  if (target.id === actor.user.id) throw new HttpError(409, messages.eraseSelf);
  if (target.role !== 'admin' || target.status !== 'active') return;
  const [others] = await write.tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.collegeId, write.collegeId), eq(users.role, 'admin'), eq(users.status, 'active'), isNull(users.removedAt), ne(users.id, target.id)));
  if ((others?.n ?? 0) === 0) throw new HttpError(409, messages.lastAdmin);
}

const now = () => sql`now()`;

async function handleAuthored(write: Write, memberId: string, policy: ErasurePolicy): Promise<number> {
  let total = 0;
  const byMember = sql`author_id = ${memberId}`;
  for (const table of authoredTables) {
    if (policy === 'keep') {
      // Kept under "Former member": the device shows its translation for an empty author.
      total += (await restamp(write, table, sql`${byMember} and deleted_at is null`, sql`author_name = '', author_id = null`)).length;
      continue;
    }
    const extra = table === 'posts' ? sql`, views_pending = 0, release_at = null` : table === 'events' ? sql`, sequence = t.sequence + 1` : sql``;
    const ids = await restamp(write, table, sql`${byMember} and deleted_at is null`, sql`deleted_at = ${now()}, author_name = '', author_id = null${extra}`);
    total += ids.length;
    if (ids.length === 0) continue;
    if (table === 'posts') {
      await restamp(write, 'post_stats', sql`id::text = any(${textArray(ids)}) and deleted_at is null`, sql`deleted_at = ${now()}`);
      for (const id of ids) await removeOwnerAttachments(write, 'post', id);
    }
    if (table === 'events') for (const id of ids) await removeOwnerAttachments(write, 'event', id);
    if (table === 'notifications') {
      await restamp(write, 'notification_receipts', sql`notification_id::text = any(${textArray(ids)}) and deleted_at is null`, sql`deleted_at = ${now()}`);
    }
  }
  return total;
}

/**
 * The messenger: under `keep` their messages stay and their place in each conversation is
 * shown as "Former member"; under `remove` their messages and memberships go, and a
 * conversation nobody is left in goes too. Either way nothing more reaches them.
 */
async function handleMessenger(write: Write, memberId: string, policy: ErasurePolicy): Promise<{ kept: number; removed: number }> {
  const mine = sql`user_id = ${memberId} and deleted_at is null`;
  await write.tx.execute(sql`delete from messenger_pushes where college_id = ${write.collegeId} and user_id = ${memberId}`);
  await write.tx.execute(sql`delete from message_reports where college_id = ${write.collegeId} and reporter_id = ${memberId}`);
  if (policy === 'keep') {
    await restamp(write, 'conversation_members', mine, sql`name = '', muted = false`);
    const [row] = await rowsOf<{ n: number }>(
      write.tx,
      sql`select count(*)::int as n from messages where college_id = ${write.collegeId} and author_id = ${memberId} and deleted_at is null`,
    );
    return { kept: row?.n ?? 0, removed: 0 };
  }
  await write.tx.execute(
    sql`delete from message_reports where college_id = ${write.collegeId} and message_id in (select id from messages where college_id = ${write.collegeId} and author_id = ${memberId})`,
  );
  const removed = await restamp(write, 'messages', sql`author_id = ${memberId} and deleted_at is null`, sql`deleted_at = ${now()}, text = ''`);
  const left = await restamp(write, 'conversation_members', mine, sql`deleted_at = ${now()}, name = ''`);
  if (left.length > 0) {
    await restamp(
      write,
      'conversations',
      sql`deleted_at is null and id in (select conversation_id from conversation_members where user_id = ${memberId})
          and not exists (select 1 from conversation_members m where m.conversation_id = conversations.id and m.deleted_at is null)`,
      sql`deleted_at = ${now()}, updated_at = ${now()}`,
    );
  }
  return { kept: 0, removed: removed.length };
}

/** `privacy.erase`: see the header. Answers what it did and the files to remove after the commit. */
export async function eraseMember(write: Write, actor: MutationActor, args: EraseMemberArgs): Promise<ErasureResult> {
  const target = await liveMember(write, args.member_id);
  await assertErasable(write, actor, target);
  const { erasure_policy: policy } = await settingsOf(write.tx, write.collegeId);
  const id = target.id;

  const authored = await handleAuthored(write, id, policy);
  const messenger = await handleMessenger(write, id, policy);
  // Their own receipts and reads, whatever the policy: they are about them, not what they wrote.
  await restamp(write, 'notification_receipts', sql`user_id = ${id} and deleted_at is null`, sql`deleted_at = ${now()}`);
  await write.tx.execute(sql`delete from post_views where college_id = ${write.collegeId} and user_id = ${id}`);
  await write.tx.execute(sql`delete from document_downloads where college_id = ${write.collegeId} and user_id = ${id}`);
  // Exports of them (an administrator's) and by them: their zips go after the commit (exportJob.ts sweep).
  await restamp(write, 'data_exports', sql`(member_id = ${id} or requested_by = ${id}) and deleted_at is null`, sql`deleted_at = ${now()}`);
  // Sessions, devices, calendar feed, PIN tries, password resets, preferences.
  await write.tx.delete(accessTokens).where(and(eq(accessTokens.collegeId, write.collegeId), eq(accessTokens.userId, id)));
  await forgetMemberDevices(write.tx, write.collegeId, id);
  await write.tx.execute(sql`delete from calendar_feeds where college_id = ${write.collegeId} and user_id = ${id}`);
  await write.tx.execute(sql`delete from pin_attempts where college_id = ${write.collegeId} and user_id = ${id}`);
  await write.tx.execute(sql`delete from notification_preferences where college_id = ${write.collegeId} and user_id = ${id}`);
  await write.tx.delete(passwordResets).where(and(eq(passwordResets.collegeId, write.collegeId), eq(passwordResets.userId, id)));
  await write.tx.delete(userSections).where(and(eq(userSections.collegeId, write.collegeId), eq(userSections.userId, id)));
  // Their guardians drop them, and the sections only this child gave them.
  if (target.role === 'student') await followChild(write, { id, before: target.sectionIds, after: null });

  // The account: an anonymous tombstone. Administrators' devices receive it as a delete.
  await write.tx
    .update(users)
    .set({
      status: 'disabled',
      name: '',
      firstLastname: '',
      secondLastname: '',
      email: `erased-${id}@removed.invalid`,
      rut: null,
      phone: '',
      birthdate: null,
      passwordHash: '!erased',
      pinCode: null,
      placeId: null,
      promotions: false,
      sectionIds: [],
      childIds: [],
      removedAt: new Date(),
      updatedAt: new Date(),
      audienceKeys: [],
      seenKeys: sql`array(select distinct unnest(${users.seenKeys} || array[${audienceKeys.admins}]::text[]))`,
      seq: write.stamp([audienceKeys.admins, audienceKeys.user(id)]),
    })
    .where(eq(users.id, id));
  const kept = policy === 'keep' ? authored + messenger.kept : 0;
  const removed = policy === 'remove' ? authored + messenger.removed : 0;
  // The record keeps the name the member had: who was erased, by whom, under which policy
  // (docs/decisions.md, "Privacy requests").
  await recordAudit(write.tx, {
    collegeId: write.collegeId,
    actor,
    kind: 'data.erased',
    subject: { id, name: memberName(target) },
    before: null,
    after: { erasure_policy: policy, rows_kept: kept, rows_removed: removed },
  });
  // The avatar, the removed documents' files and the exports' zips go once this commits.
  await wakeJob(write.tx, exportJobName);
  return { member_id: id, policy, kept, removed };
}
