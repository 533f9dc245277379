import type { ConversationMemberRow, ConversationRow, MessageRow } from '../../contract/messenger';
import { defineEntity } from '../sync/entity';
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
  };
}

/** Conversations, their members and their messages reach the devices of the conversations' members only. */
export const conversationEntity = defineEntity({ name: 'conversations', table: conversations, toWire: conversationToWire });
export const conversationMemberEntity = defineEntity({ name: 'conversation_members', table: conversationMembers, toWire: conversationMemberToWire });
export const messageEntity = defineEntity({ name: 'messages', table: messengerMessages, toWire: messageToWire });
