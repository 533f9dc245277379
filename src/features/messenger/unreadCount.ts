import { useLiveQuery } from 'dexie-react-hooks';
import { useSession } from '../../session/session';
import { totalUnread } from './conversationList';
import { useMessengerDb } from './useMessengerDb';

/** The navigation's number (ui.tsx `nav`): unread messages of the conversations I have not muted. */
export function useUnreadMessages(): number | undefined {
  const db = useMessengerDb();
  const me = useSession().user?.id ?? '';
  return useLiveQuery(() => totalUnread(db, me), [db, me]);
}
