import type { ConversationMemberRow, ConversationRow, MessageRow } from '../../contract/messenger';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { defineEntity } from '../sync/entity';
import type { Write } from '../sync/writeInCollege';
import { queuePushes } from './messengerPush';
import { conversationMembers, conversations, messengerMessages } from './schema';

export type ConversationRecord = typeof conversations.$inferSelect;
export type ConversationMemberRecord = typeof conversationMembers.$inferSelect;
export type MessageRecord = typeof messengerMessages.$inferSelect;

export function conversationToWire(row: ConversationRecord): ConversationRow {
  return {
    id: row.id,
    college_id: row.collegeId,
    kind: row.kind,
    name: row.name,
    description: row.description,
    members_can_reply: row.membersCanReply,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function conversationMemberToWire(row: ConversationMemberRecord): ConversationMemberRow {
  return {
    id: row.id,
    college_id: row.collegeId,
    conversation_id: row.conversationId,
    user_id: row.userId,
    name: row.name,
    user_role: row.userRole,
    role: row.role,
    muted: row.muted,
    delivered_position: row.deliveredPosition,
    read_position: row.readPosition,
    joined_at: row.joinedAt.toISOString(),
  };
}

/** A deleted message keeps its place and date; its text is gone from the wire and the database. */
export function messageToWire(row: MessageRecord): MessageRow {
  return {
    id: row.id,
    college_id: row.collegeId,
    conversation_id: row.conversationId,
    author_id: row.authorId,
    text: row.retractedAt ? '' : row.text,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    deleted_at: row.retractedAt?.toISOString() ?? null,
    held_until: row.releaseAt?.toISOString() ?? null,
  };
}

/**
 * Messages the staff hours held reach the others now (server/audience/release.ts): their
 * pushes are queued as a new message's would have been, to the members who are not muted.
 */
async function queueReleasedPushes(write: Write, ids: readonly string[]): Promise<void> {
  const now = new Date();
  const released = await write.tx
    .select({ id: messengerMessages.id, conversationId: messengerMessages.conversationId, authorId: messengerMessages.authorId })
    .from(messengerMessages)
    .where(and(inArray(messengerMessages.id, [...ids]), isNull(messengerMessages.retractedAt), isNull(messengerMessages.deletedAt)));
  for (const message of released) {
    const members = await write.tx
      .select({ userId: conversationMembers.userId })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, message.conversationId), isNull(conversationMembers.deletedAt), eq(conversationMembers.muted, false)));
    const recipients = members.map((m) => m.userId).filter((userId) => userId !== message.authorId);
    await queuePushes(write, { conversationId: message.conversationId, messageId: message.id, now, recipients });
  }
}

/** Conversations, their members and their messages reach the devices of the conversations' members only. */
export const conversationEntity = defineEntity({ name: 'conversations', table: conversations, toWire: conversationToWire });
export const conversationMemberEntity = defineEntity({ name: 'conversation_members', table: conversationMembers, toWire: conversationMemberToWire });
export const messageEntity = defineEntity({ name: 'messages', table: messengerMessages, toWire: messageToWire, released: queueReleasedPushes });
