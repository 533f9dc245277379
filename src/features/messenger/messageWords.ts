import type { SearchIndex } from '../../db/dataModule';
import { searchWords } from '../../db/searchWords';

/**
 * The messages' words index (`messageWords`, `messageTerms`; src/db/searchIndex.ts): a pull
 * page stores its messages' words with them, and a message written or edited on this
 * device stores its own in the transaction of its outbox entry. A deleted message has no
 * text, so no words. Conversation names are few and matched by their text (messengerSearch.ts).
 */
export function messageWordsOf(row: Record<string, unknown>): string[] {
  if (row.deleted_at) return [];
  return searchWords(typeof row.text === 'string' ? row.text : '');
}

export const messagesSearch: SearchIndex = {
  table: 'messages',
  wordsTable: 'messageWords',
  termsTable: 'messageTerms',
  wordsOf: messageWordsOf,
};
