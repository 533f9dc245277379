import type { MarkArgs } from '../../../contract/messenger';
import { conversationMemberId } from '../../../contract/messengerIds';
import { mutate } from '../../sync/mutate';
import type { MessengerDb } from './messengerDb';

/*
 * The markers alone, apart from the other writes: the delivered markers run in the
 * background of every screen (DeliveredMarks.tsx), so this module imports no zod.
 */

export type Marker = 'delivered' | 'read';

/**
 * Moves this member's delivered or read marker up to `position` (background mutations,
 * never down): nothing is queued when the marker is there already. Answers the entry's
 * seq, or null when nothing moved.
 */
export async function markPosition(db: MessengerDb, marker: Marker, conversationId: string, userId: string, position: number): Promise<number | null> {
  const id = conversationMemberId(conversationId, userId);
  const field = marker === 'read' ? 'read_position' : 'delivered_position';
  const current = await db.conversationMembers.get(id);
  if (!current || position <= current[field]) return null;
  const args: MarkArgs = { conversation_id: conversationId, position };
  return mutate(db, { name: `messenger.${marker}`, args, entity: 'conversationMembers', entityId: id }, async () => {
    // Read again inside the transaction: another tab may have moved it meanwhile.
    const row = await db.conversationMembers.get(id);
    if (row && position > row[field]) await db.conversationMembers.update(id, { [field]: position });
  });
}
