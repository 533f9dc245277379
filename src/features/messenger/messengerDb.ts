import type { EntityTable } from 'dexie';
import type { ConversationMemberRow, ConversationRow, MessageRow } from '../../../contract/messenger';
import type { MessengerRulesRow } from '../../../contract/messengerRules';
import type { DbWith, PatioDb } from '../../db/database';
import type { WordsRow } from '../../db/searchIndex';

/** The messenger module's tables (module.ts declares their stores). */
export interface MessengerTables {
  conversations: EntityTable<ConversationRow, 'id'>;
  conversationMembers: EntityTable<ConversationMemberRow, 'id'>;
  messages: EntityTable<MessageRow, 'id'>;
  messageWords: EntityTable<WordsRow, 'id'>;
  messengerRules: EntityTable<MessengerRulesRow, 'id'>;
}

export type MessengerDb = DbWith<MessengerTables>;

/** The database with the messenger tables typed; it has them whenever the module is registered. */
export function messengerDb(db: PatioDb): MessengerDb {
  if (!db.registry.modules.some((module) => module.name === 'messenger')) throw new Error('the messenger module is not registered');
  return db as MessengerDb;
}

/**
 * The highest position a stored message can have (the contract's markers stop there): the
 * upper end of a conversation's range in `[conversation_id+position]`.
 */
export const lastPosition = 2 ** 31 - 1;

/** The positioned messages of a conversation (the server's order), oldest first. */
export function positionedMessages(db: MessengerDb, conversationId: string) {
  return db.messages.where('[conversation_id+position]').between([conversationId, 1], [conversationId, lastPosition], true, true);
}

/** The messages this device wrote that the server has not placed yet (position 0). */
export function unplacedMessages(db: MessengerDb, conversationId: string) {
  return db.messages.where('[conversation_id+position]').equals([conversationId, 0]);
}
