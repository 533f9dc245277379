import type { ConversationMemberRow, ConversationRow, MessageRow } from '../../../contract/messenger';
import { conversationMemberId } from '../../../contract/messengerIds';
import { matchingIds, pendingIds } from '../../db/searchIndex';
import { foldText, searchWords } from '../../db/searchWords';
import { lastPosition, positionedMessages, unplacedMessages, type MessengerDb } from './messengerDb';
import { chatOrder, isUnread } from './messageState';
import { messagesSearch } from './messageWords';

/** One line of the conversation list. */
export interface ConversationSummary {
  conversation: ConversationRow;
  /** A group's name, or the other member's name in a one-to-one conversation ('' when unknown). */
  title: string;
  me: ConversationMemberRow;
  /** The newest message (this device's unsent ones included), or the message a search found. */
  preview: MessageRow | null;
  /** The preview's author, '' when it is mine or unknown. */
  previewAuthor: string;
  /** The newest activity: the newest message, else the conversation's creation. */
  activityAt: string;
  /** Messages after my read marker, not mine. */
  unread: number;
}

/** The name a conversation is shown by. */
export function conversationTitle(conversation: ConversationRow, members: readonly ConversationMemberRow[], me: string): string {
  if (conversation.kind === 'group') return conversation.name;
  return members.find((member) => member.user_id !== me)?.name ?? '';
}

async function newestMessage(db: MessengerDb, conversationId: string): Promise<MessageRow | undefined> {
  const unplaced = chatOrder(await unplacedMessages(db, conversationId).toArray());
  return unplaced.at(-1) ?? (await positionedMessages(db, conversationId).last());
}

/** The unread messages of one conversation: a range read past my marker. */
export async function unreadCount(db: MessengerDb, conversationId: string, me: string, readPosition: number): Promise<number> {
  if (readPosition >= lastPosition) return 0;
  return db.messages
    .where('[conversation_id+position]')
    .between([conversationId, readPosition + 1], [conversationId, lastPosition], true, true)
    .filter((message) => isUnread(message, me, readPosition))
    .count();
}

/** Every unread message of every conversation I am in (the navigation's number), muted ones left out. */
export async function totalUnread(db: MessengerDb, me: string): Promise<number> {
  const mine = await db.conversationMembers.where('user_id').equals(me).toArray();
  const counts = await Promise.all(mine.filter((member) => !member.muted).map((member) => unreadCount(db, member.conversation_id, me, member.read_position)));
  return counts.reduce((sum, count) => sum + count, 0);
}

async function summarize(db: MessengerDb, me: string, member: ConversationMemberRow, found: MessageRow | undefined): Promise<ConversationSummary | null> {
  const conversation = await db.conversations.get(member.conversation_id);
  if (!conversation) return null;
  // A group's members are not needed for its title; a pair's are two rows.
  const members = conversation.kind === 'direct' ? await db.conversationMembers.where('conversation_id').equals(conversation.id).toArray() : [];
  const [newest, unread] = await Promise.all([newestMessage(db, conversation.id), unreadCount(db, conversation.id, me, member.read_position)]);
  const preview = found ?? newest ?? null;
  const author = preview && preview.author_id !== me ? await db.conversationMembers.get(conversationMemberId(conversation.id, preview.author_id)) : undefined;
  return {
    conversation,
    title: conversationTitle(conversation, members, me),
    me: member,
    preview,
    previewAuthor: author?.name ?? '',
    activityAt: newest && newest.created_at > conversation.created_at ? newest.created_at : conversation.created_at,
    unread,
  };
}

const newestFirst = (a: ConversationSummary, b: ConversationSummary) =>
  a.activityAt < b.activityAt ? 1 : a.activityAt > b.activityAt ? -1 : a.conversation.id < b.conversation.id ? -1 : 1;

/** The words of a search, folded like the index's. */
export function queryWords(search: string): string[] {
  return [
    ...new Set(
      foldText(search.trim())
        .split(/[^\p{L}\p{N}\p{M}]+/u)
        .filter((word) => word.length > 0)
        .map((word) => word.slice(0, 40)),
    ),
  ];
}

const everyWord = (rowWords: readonly string[], words: readonly string[]) => words.every((word) => rowWords.some((w) => w.startsWith(word)));

/** The ids of messages with every word (a prefix of one of theirs); messages still queued for indexing are read. */
async function matchingMessages(db: MessengerDb, words: readonly string[]): Promise<MessageRow[]> {
  const matches = await matchingIds(db, messagesSearch, words);
  const queued = await pendingIds(db, messagesSearch);
  if (queued.length > 0) {
    const rows = await db.messages.bulkGet(queued);
    queued.forEach((id, i) => {
      const row = rows[i];
      matches.delete(id);
      if (row && everyWord(messagesSearch.wordsOf(row), words)) matches.add(id);
    });
  }
  return (await db.messages.bulkGet([...matches])).filter((row): row is MessageRow => row !== undefined);
}

/**
 * The conversations I am in, newest activity first; with a search, those whose name or
 * whose messages have every word, each with its newest matching message as preview.
 */
export async function listConversations(db: MessengerDb, me: string, search = ''): Promise<ConversationSummary[]> {
  const mine = await db.conversationMembers.where('user_id').equals(me).toArray();
  const words = queryWords(search);
  if (words.length === 0) {
    const all = await Promise.all(mine.map((member) => summarize(db, me, member, undefined)));
    return all.filter((row): row is ConversationSummary => row !== null).sort(newestFirst);
  }
  const found = new Map<string, MessageRow>();
  for (const message of await matchingMessages(db, words)) {
    const kept = found.get(message.conversation_id);
    if (!kept || chatOrder([kept, message])[1] === message) found.set(message.conversation_id, message);
  }
  const all = await Promise.all(mine.map((member) => summarize(db, me, member, found.get(member.conversation_id))));
  return all
    .filter((row): row is ConversationSummary => row !== null)
    .filter((row) => found.has(row.conversation.id) || everyWord(searchWords(row.title), words))
    .sort(newestFirst);
}
