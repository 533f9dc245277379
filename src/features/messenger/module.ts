import { defineDataModule, parsedBy } from '../../db/dataModule';
import { messagesSearch } from './messageWords';

/**
 * The messenger's data (docs/features/messenger.md; docs/architecture.md, "Feature modules"): the conversations this
 * member is in, their members (names, roles, how far each received and read) and their
 * messages, all synced to the conversation's members, and a words index of the messages
 * for the offline search. Loaded by the sync worker too: no React here. Its screens,
 * routes, navigation and outbox labels are in ui.tsx.
 */

/** The rows' contract: loaded by the sync worker, not by the screens (see SyncedEntity). */
const contract = () => import('../../../contract/messenger');

export const messengerData = defineDataModule({
  name: 'messenger',
  versions: {
    11: {
      stores: {
        conversations: 'id',
        conversationMembers: 'id, conversation_id, user_id',
        // [conversation_id+position]: a chat opens at its newest messages with one range read,
        // however long it is; the device's unsent messages are position 0 of their conversation.
        messages: 'id, [conversation_id+position], conversation_id',
        messageWords: 'id',
        messageTerms: '[word+group]',
      },
    },
    // The school's rule of who may write to whom (one row), for the people picker offline.
    12: { stores: { messengerRules: 'id' } },
  },
  entities: {
    conversations: { table: 'conversations', toLocal: parsedBy(() => contract().then((c) => c.conversationRow)) },
    conversation_members: { table: 'conversationMembers', toLocal: parsedBy(() => contract().then((c) => c.conversationMemberRow)) },
    messages: { table: 'messages', toLocal: parsedBy(() => contract().then((c) => c.messageRow)) },
    messenger_rules: { table: 'messengerRules', toLocal: parsedBy(() => import('../../../contract/messengerRules').then((c) => c.messengerRulesRow)) },
  },
  search: [messagesSearch],
  // The markers under the sender's bubbles are not something the member wrote: never
  // counted as unsent, and dropped when refused.
  backgroundMutations: ['messenger.delivered', 'messenger.read'],
});
