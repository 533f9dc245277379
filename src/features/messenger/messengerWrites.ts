import type { User } from '../../../contract/auth';
import { uuidv7 } from '../../../contract/ids';
import {
  conversationMemberId,
  directConversationId,
  type AddMembersArgs,
  type ConversationMemberRow,
  type CreateGroupArgs,
  type GroupFields,
  type MessageRow,
  type PersonRow,
  type ReportMessageArgs,
  type SendMessageArgs,
  type StartDirectArgs,
  type UpdateGroupArgs,
} from '../../../contract/messenger';
import { removeWords, writeWords } from '../../db/searchIndex';
import { mutate } from '../../sync/mutate';
import type { MessengerDb } from './messengerDb';
import { messagesSearch } from './messageWords';

/**
 * Every local change of the messenger: one `mutate` each, so the optimistic rows, their
 * words and the outbox entry are one Dexie transaction (src/sync/mutate.ts). The screens
 * follow at once, offline too; the server's rows replace ours once it has applied the
 * change (applyPage keeps ours while the change waits).
 */

/** Who writes: the signed-in member. */
export type Writer = Pick<User, 'id' | 'college_id' | 'role' | 'name' | 'first_lastname'>;

/** Reports are kept by the server alone: their entries name no local table (no before-image). */
export const reportsEntity = 'messageReports';

export const writerName = (user: Pick<User, 'name' | 'first_lastname'>): string => [user.name, user.first_lastname].filter(Boolean).join(' ');

function memberRow(
  conversationId: string,
  collegeId: string,
  person: Pick<PersonRow, 'id' | 'name' | 'role'>,
  role: ConversationMemberRow['role'],
  now: string,
): ConversationMemberRow {
  return {
    id: conversationMemberId(conversationId, person.id),
    college_id: collegeId,
    conversation_id: conversationId,
    user_id: person.id,
    name: person.name,
    user_role: person.role,
    role,
    muted: false,
    delivered_position: 0,
    read_position: 0,
    joined_at: now,
  };
}

const meAsPerson = (user: Writer) => ({ id: user.id, name: writerName(user), role: user.role });

/**
 * Opens the one-to-one conversation with `person`: its id is the same on every device
 * (directConversationId), so a conversation already here is only opened, and one started
 * offline on two devices is one conversation. Answers its id and the queued entry, if any.
 */
export async function startDirect(
  db: MessengerDb,
  user: Writer,
  person: Pick<PersonRow, 'id' | 'name' | 'role'>,
  now = new Date(),
): Promise<{ id: string; seq: number | null }> {
  const id = await directConversationId(user.id, person.id);
  if (await db.conversations.get(id)) return { id, seq: null };
  const stamp = now.toISOString();
  const args: StartDirectArgs = { id, user_id: person.id };
  const seq = await mutate(db, { name: 'messenger.startDirect', args, entity: 'conversations', entityId: id }, async () => {
    await db.conversations.put({
      id,
      college_id: user.college_id,
      kind: 'direct',
      name: '',
      description: '',
      members_can_reply: true,
      created_by: user.id,
      created_at: stamp,
      updated_at: stamp,
    });
    await db.conversationMembers.bulkPut([
      memberRow(id, user.college_id, meAsPerson(user), 'member', stamp),
      memberRow(id, user.college_id, person, 'member', stamp),
    ]);
  });
  return { id, seq };
}

/**
 * Creates a group with its creator as first admin and the people picked (known by name
 * from the people search); members of whole sections arrive with the server's rows.
 */
export async function createGroup(
  db: MessengerDb,
  user: Writer,
  args: CreateGroupArgs,
  people: ReadonlyMap<string, Pick<PersonRow, 'id' | 'name' | 'role'>>,
  now = new Date(),
): Promise<number> {
  const stamp = now.toISOString();
  const admins = new Set(args.admin_ids);
  return mutate(db, { name: 'messenger.createGroup', args, entity: 'conversations', entityId: args.id }, async () => {
    await db.conversations.put({
      id: args.id,
      college_id: user.college_id,
      kind: 'group',
      name: args.name,
      description: args.description,
      members_can_reply: args.members_can_reply,
      created_by: user.id,
      created_at: stamp,
      updated_at: stamp,
    });
    const members = args.member_ids
      .filter((id) => id !== user.id)
      .flatMap((id) => {
        const person = people.get(id);
        return person ? [memberRow(args.id, user.college_id, person, admins.has(id) ? 'admin' : 'member', stamp)] : [];
      });
    await db.conversationMembers.bulkPut([memberRow(args.id, user.college_id, meAsPerson(user), 'admin', stamp), ...members]);
  });
}

/** A group admin changes the name, description or "members can reply". */
export async function updateGroup(db: MessengerDb, args: UpdateGroupArgs, now = new Date()): Promise<number> {
  return mutate(db, { name: 'messenger.updateGroup', args, entity: 'conversations', entityId: args.id }, async () => {
    const current = await db.conversations.get(args.id);
    if (current) {
      const fields: GroupFields = { name: args.name, description: args.description, members_can_reply: args.members_can_reply };
      await db.conversations.put({ ...current, ...fields, updated_at: now.toISOString() });
    }
  });
}

/** A group admin adds people (shown at once) and whole sections (their members come with the server's rows). */
export async function addMembers(
  db: MessengerDb,
  collegeId: string,
  args: AddMembersArgs,
  people: ReadonlyMap<string, Pick<PersonRow, 'id' | 'name' | 'role'>>,
  now = new Date(),
): Promise<number> {
  const stamp = now.toISOString();
  return mutate(db, { name: 'messenger.addMembers', args, entity: 'conversations', entityId: args.conversation_id }, async () => {
    const rows = args.member_ids.flatMap((id) => {
      const person = people.get(id);
      return person ? [memberRow(args.conversation_id, collegeId, person, 'member', stamp)] : [];
    });
    const existing = new Set((await db.conversationMembers.bulkGet(rows.map((row) => row.id))).flatMap((row) => (row ? [row.id] : [])));
    await db.conversationMembers.bulkPut(rows.filter((row) => !existing.has(row.id)));
  });
}

/** A group admin removes a member. */
export async function removeMember(db: MessengerDb, conversationId: string, userId: string): Promise<number> {
  const id = conversationMemberId(conversationId, userId);
  return mutate(
    db,
    { name: 'messenger.removeMember', args: { conversation_id: conversationId, user_id: userId }, entity: 'conversationMembers', entityId: id },
    async () => {
      await db.conversationMembers.delete(id);
    },
  );
}

/** A group admin makes a member an admin, or takes it back. */
export async function setAdmin(db: MessengerDb, conversationId: string, userId: string, admin: boolean): Promise<number> {
  const id = conversationMemberId(conversationId, userId);
  return mutate(
    db,
    { name: 'messenger.setAdmin', args: { conversation_id: conversationId, user_id: userId, admin }, entity: 'conversationMembers', entityId: id },
    async () => {
      await db.conversationMembers.update(id, { role: admin ? 'admin' : 'member' });
    },
  );
}

/**
 * Leaves a group: this member's row goes at once, so the group leaves the list; its
 * messages go when the server's pull says so (a refused leave, discarded, puts the row back
 * and nothing is lost).
 */
export async function leaveGroup(db: MessengerDb, conversationId: string, userId: string): Promise<number> {
  const id = conversationMemberId(conversationId, userId);
  return mutate(db, { name: 'messenger.leave', args: { conversation_id: conversationId }, entity: 'conversationMembers', entityId: id }, async () => {
    await db.conversationMembers.delete(id);
  });
}

/** Mutes (no push) or unmutes a conversation for this member. */
export async function setMuted(db: MessengerDb, conversationId: string, userId: string, muted: boolean): Promise<number> {
  const id = conversationMemberId(conversationId, userId);
  return mutate(db, { name: 'messenger.mute', args: { conversation_id: conversationId, muted }, entity: 'conversationMembers', entityId: id }, async () => {
    await db.conversationMembers.update(id, { muted });
  });
}

async function putMessage(db: MessengerDb, row: MessageRow): Promise<void> {
  await db.messages.put(row);
  await writeWords(db, messagesSearch, [row]);
}

/**
 * Sends a message: shown at once at the end of the chat (position 0: after the server's
 * messages, in the order written) with its outbox state, and sent once, whenever online.
 */
export async function sendMessage(
  db: MessengerDb,
  user: Pick<Writer, 'id' | 'college_id'>,
  conversationId: string,
  text: string,
  now = new Date(),
): Promise<{ id: string; seq: number }> {
  const id = uuidv7(now.getTime());
  const args: SendMessageArgs = { id, conversation_id: conversationId, text };
  const seq = await mutate(db, { name: 'messenger.send', args, entity: 'messages', entityId: id }, () =>
    putMessage(db, {
      id,
      college_id: user.college_id,
      conversation_id: conversationId,
      author_id: user.id,
      text,
      position: 0,
      created_at: now.toISOString(),
      edited_at: null,
      deleted_at: null,
      // The server says whether the staff hours hold it; the composer said so beforehand.
      held_until: null,
    }),
  );
  return { id, seq };
}

/** Edits the author's own message (the screen offers it within `messageEditWindowMs`). */
export async function editMessage(db: MessengerDb, id: string, text: string, now = new Date()): Promise<number> {
  return mutate(db, { name: 'messenger.edit', args: { id, text }, entity: 'messages', entityId: id }, async () => {
    const current = await db.messages.get(id);
    if (current) await putMessage(db, { ...current, text, edited_at: now.toISOString() });
  });
}

/** Deletes a message: it stays in its place, shown as deleted, without its text or words. */
export async function deleteMessage(db: MessengerDb, id: string, now = new Date()): Promise<number> {
  return mutate(db, { name: 'messenger.delete', args: { id }, entity: 'messages', entityId: id }, async () => {
    const current = await db.messages.get(id);
    if (!current) return;
    await db.messages.put({ ...current, text: '', deleted_at: now.toISOString() });
    await removeWords(db, messagesSearch, [id]);
  });
}

/** Asks the college's administrators to look at a message. */
export async function reportMessage(db: MessengerDb, messageId: string, reason: string): Promise<number> {
  const args: ReportMessageArgs = { id: uuidv7(), message_id: messageId, reason };
  return mutate(db, { name: 'messenger.report', args, entity: reportsEntity, entityId: args.id }, () => Promise.resolve());
}

export { markPosition, type Marker } from './messengerMarks';
