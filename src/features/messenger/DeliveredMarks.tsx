import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useSession } from '../../session/session';
import { positionedMessages } from './messengerDb';
import { markPosition } from './messengerMarks';
import { useMessengerDb } from './useMessengerDb';

/**
 * Background work (ui.tsx `background`): when a pull brings messages, tells the server they
 * reached this device (`messenger.delivered`, up to the newest message of each
 * conversation), so the senders' bubbles say "Delivered". Draws nothing.
 */
export function DeliveredMarks() {
  const db = useMessengerDb();
  const me = useSession().user?.id ?? '';
  const behind = useLiveQuery(async () => {
    const mine = await db.conversationMembers.where('user_id').equals(me).toArray();
    const newest = await Promise.all(mine.map((member) => positionedMessages(db, member.conversation_id).last()));
    return mine.flatMap((member, i) => {
      const position = newest[i]?.position ?? 0;
      return position > member.delivered_position ? [{ conversation: member.conversation_id, position }] : [];
    });
  }, [db, me]);
  useEffect(() => {
    if (!me || !behind) return;
    for (const { conversation, position } of behind) {
      markPosition(db, 'delivered', conversation, me, position).catch((error: unknown) => console.error(error));
    }
  }, [db, me, behind]);
  return null;
}
