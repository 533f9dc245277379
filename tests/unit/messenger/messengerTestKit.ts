import type { User } from '../../../contract/auth';
import { uuidv7 } from '../../../contract/ids';
import { conversationMemberId, type ConversationMemberRow, type ConversationRow, type MessageRow } from '../../../contract/messenger';
import { writeWords } from '../../../src/db/searchIndex';
import { metaKeys } from '../../../src/db/syncMeta';
import { messengerDb, type MessengerDb } from '../../../src/features/messenger/messengerDb';
import { messagesSearch } from '../../../src/features/messenger/messageWords';
import { seedReferenceData, signInAs } from '../posts/postsTestKit';

/** A signed-in member with a fresh local database and the first download done. */
export async function messengerUser(role: User['role']): Promise<{ user: User; db: MessengerDb }> {
  const { user, db } = await signInAs(role);
  await seedReferenceData(db);
  await db.meta.put({ key: metaKeys.firstSyncDone, value: true });
  return { user, db: messengerDb(db) };
}

export function aConversation(overrides: Partial<ConversationRow> = {}): ConversationRow {
  return {
    id: uuidv7(),
    college_id: 'college-1',
    kind: 'group',
    name: 'Apoderados 4°A',
    description: '',
    members_can_reply: true,
    created_by: 'someone',
    created_at: '2026-11-20T12:00:00.000Z',
    updated_at: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

export function aMember(conversationId: string, userId: string, overrides: Partial<ConversationMemberRow> = {}): ConversationMemberRow {
  return {
    id: conversationMemberId(conversationId, userId),
    college_id: 'college-1',
    conversation_id: conversationId,
    user_id: userId,
    name: 'Marta Díaz',
    user_role: 'staff',
    role: 'member',
    muted: false,
    delivered_position: 0,
    read_position: 0,
    joined_at: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

export function aMessage(conversationId: string, authorId: string, position: number, overrides: Partial<MessageRow> = {}): MessageRow {
  return {
    id: uuidv7(),
    college_id: 'college-1',
    conversation_id: conversationId,
    author_id: authorId,
    text: `Mensaje ${position}`,
    position,
    created_at: new Date(Date.parse('2026-11-20T12:00:00.000Z') + position * 1000).toISOString(),
    edited_at: null,
    deleted_at: null,
    held_until: null,
    ...overrides,
  };
}

/** Stores synced rows with the messages' words, as a pull page does. */
export async function storeChat(
  db: MessengerDb,
  rows: { conversations?: ConversationRow[]; members?: ConversationMemberRow[]; messages?: MessageRow[] },
): Promise<void> {
  await db.transaction('rw', [db.conversations, db.conversationMembers, db.messages, db.table('messageWords'), db.table('messageTerms')], async () => {
    await db.conversations.bulkPut(rows.conversations ?? []);
    await db.conversationMembers.bulkPut(rows.members ?? []);
    await db.messages.bulkPut(rows.messages ?? []);
    await writeWords(db, messagesSearch, rows.messages ?? []);
  });
}

/** A group with me and another member, and nothing said yet. */
export async function aGroupWith(db: MessengerDb, me: string, other = uuidv7(), conversation = aConversation()) {
  await storeChat(db, { conversations: [conversation], members: [aMember(conversation.id, me, { name: 'Ana Rojas' }), aMember(conversation.id, other)] });
  return { conversation, other };
}
