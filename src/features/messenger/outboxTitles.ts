import type { OutboxEntry, PatioDb } from '../../db/database';
import { conversationTitle } from './conversationList';
import { messengerDb } from './messengerDb';
import { entryConversation } from './outboxText';

/**
 * The name of the conversation each messenger entry is about (the outbox shows "Message to
 * <conversation>"), by entry id: a group's name, or the other member's in a pair. A report
 * names only its message; the message knows its conversation.
 */
export async function conversationTitles(db: PatioDb, entries: readonly OutboxEntry[], me: string): Promise<Map<string, string>> {
  const tables = messengerDb(db);
  const titles = new Map<string, string>();
  const byConversation = new Map<string, string>();
  for (const entry of entries) {
    let conversationId = entryConversation(entry);
    if (!conversationId) {
      const messageId = entry.entity === 'messages' ? entry.entityId : ((entry.args as { message_id?: unknown } | null)?.message_id ?? null);
      if (typeof messageId === 'string') conversationId = (await tables.messages.get(messageId))?.conversation_id ?? null;
    }
    if (!conversationId) continue;
    let title = byConversation.get(conversationId);
    if (title === undefined) {
      const conversation = await tables.conversations.get(conversationId);
      const members = conversation?.kind === 'direct' ? await tables.conversationMembers.where('conversation_id').equals(conversationId).toArray() : [];
      title = conversation ? conversationTitle(conversation, members, me) : '';
      byConversation.set(conversationId, title);
    }
    if (title) titles.set(entry.entityId, title);
  }
  return titles;
}
