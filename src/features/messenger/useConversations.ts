import { useLiveQuery } from 'dexie-react-hooks';
import { readFirstSyncPending } from '../../sync/hooks';
import { listConversations, type ConversationSummary } from './conversationList';
import { useMessengerDb } from './useMessengerDb';

export interface ConversationList {
  conversations: ConversationSummary[];
  /** The first download is still under way: an empty list means "not yet", not "none". */
  firstSyncPending: boolean;
}

/** Live: my conversations, newest activity first, or those a search finds; undefined while reading. */
export function useConversations(me: string, search: string): ConversationList | undefined {
  const db = useMessengerDb();
  return useLiveQuery(async () => {
    const [conversations, firstSyncPending] = await Promise.all([listConversations(db, me, search), readFirstSyncPending(db)]);
    return { conversations, firstSyncPending };
  }, [db, me, search]);
}
