import type { viewEventArgs } from '../../../contract/events';
import type { z } from '../../../contract/zod';
import { mutate } from '../../sync/mutate';
import type { EventsDb } from './eventsDb';

class AlreadyViewed extends Error {}

/**
 * Records once per member and event that they opened its details, also offline: the
 * `viewedEvents` row and the queued `events.view` are one transaction, and a second call
 * (another tab, React's double effects) finds the row and queues nothing. As a post's view
 * (src/features/posts/postWrites.ts `countViewOnce`), the entry's entity is `viewedEvents`, so
 * the event itself is never "not sent", and `events.view` is a background mutation
 * (module.ts): never counted as an unsent change, dropped if the server refuses it.
 */
export async function viewEventOnce(db: EventsDb, eventId: string, now = new Date()): Promise<boolean> {
  if (await db.viewedEvents.get(eventId)) return false;
  const args: z.infer<typeof viewEventArgs> = { event_id: eventId };
  try {
    await mutate(db, { name: 'events.view', args, entity: 'viewedEvents', entityId: eventId }, async () => {
      if (await db.viewedEvents.get(eventId)) throw new AlreadyViewed();
      await db.viewedEvents.add({ event_id: eventId, viewedAt: now.toISOString() });
    });
    return true;
  } catch (error) {
    if (error instanceof AlreadyViewed) return false;
    throw error;
  }
}
