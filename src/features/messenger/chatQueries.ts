import { useLiveQuery } from 'dexie-react-hooks';
import type { ConversationMemberRow, ConversationRow, MessageRow } from '../../../contract/messenger';
import type { OutboxEntry } from '../../db/database';
import { positionedMessages, unplacedMessages, type MessengerDb } from './messengerDb';
import { chatOrder } from './messageState';
import { useMessengerDb } from './useMessengerDb';

/** A conversation and its members: null when this device does not have it (or I left it). */
export interface ChatHeader {
  conversation: ConversationRow;
  members: ConversationMemberRow[];
  me: ConversationMemberRow;
}

export async function readChatHeader(db: MessengerDb, conversationId: string, me: string): Promise<ChatHeader | null> {
  const [conversation, members] = await Promise.all([
    db.conversations.get(conversationId),
    db.conversationMembers.where('conversation_id').equals(conversationId).toArray(),
  ]);
  const mine = members.find((member) => member.user_id === me);
  if (!conversation || !mine) return null;
  return { conversation, members, me: mine };
}

/** The messages on screen: the newest `limit` placed ones and every unsent one, in chat order. */
export interface ChatMessages {
  messages: MessageRow[];
  /** Older messages are on the device beyond `limit` (scrolling back loads them). */
  hasOlder: boolean;
  /** The waiting changes of each shown message (send, edit, delete), oldest first. */
  entries: Map<string, OutboxEntry[]>;
}

/**
 * Only what is shown is read: the newest `limit` messages by `[conversation_id+position]`
 * (one range read from the end, however long the conversation), then the unplaced ones.
 */
export async function readChatMessages(db: MessengerDb, conversationId: string, limit: number): Promise<ChatMessages> {
  const [newest, unplaced] = await Promise.all([
    positionedMessages(db, conversationId)
      .reverse()
      .limit(limit + 1)
      .toArray(),
    unplacedMessages(db, conversationId).toArray(),
  ]);
  const hasOlder = newest.length > limit;
  const messages = chatOrder([...newest.slice(0, limit), ...unplaced]);
  const waiting = await db.outbox
    .where('entityId')
    .anyOf(messages.map((message) => message.id))
    .toArray();
  const entries = new Map<string, OutboxEntry[]>();
  for (const entry of waiting.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if (entry.entity !== 'messages') continue;
    const list = entries.get(entry.entityId);
    if (list) list.push(entry);
    else entries.set(entry.entityId, [entry]);
  }
  return { messages, hasOlder, entries };
}

/** Live: the conversation and its members; null when not on this device, undefined while reading. */
export function useChatHeader(conversationId: string, me: string): ChatHeader | null | undefined {
  const db = useMessengerDb();
  return useLiveQuery(() => readChatHeader(db, conversationId, me), [db, conversationId, me]);
}

/** Live: the newest `limit` messages and the unsent ones. */
export function useChatMessages(conversationId: string, limit: number): ChatMessages | undefined {
  const db = useMessengerDb();
  return useLiveQuery(() => readChatMessages(db, conversationId, limit), [db, conversationId, limit]);
}
