import { useEffect } from 'react';
import { viewEventOnce } from './eventViews';
import { useEventsDb } from './useEventsDb';

/** Records this member's opening of an event's details once it is on screen (once ever, also offline). */
export function useEventView(eventId: string | null, shown: boolean): void {
  const db = useEventsDb();
  useEffect(() => {
    if (!shown || eventId === null) return;
    viewEventOnce(db, eventId).catch((error: unknown) => console.error(error));
  }, [db, eventId, shown]);
}
