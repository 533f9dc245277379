import { useCallback, useEffect, useState } from 'react';
import { usePageVisible } from '../../ui/usePageVisible';
import { markPosition } from './messengerMarks';
import type { MessengerDb } from './messengerDb';

/** How long the highest shown position must stay before it is sent (scrolling sends one marker, not fifty). */
const settleMs = 400;

/**
 * While the chat is on screen (and the page visible), sends `messenger.read` with the
 * highest position shown, when it moves past my read marker. Answers what the list calls
 * as it shows messages.
 */
export function useReadMarker(db: MessengerDb, conversationId: string, me: string, readPosition: number | undefined): (position: number) => void {
  const visible = usePageVisible();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!visible || !me || readPosition === undefined || shown <= readPosition) return;
    const timer = setTimeout(() => {
      markPosition(db, 'read', conversationId, me, shown).catch((error: unknown) => console.error(error));
    }, settleMs);
    return () => clearTimeout(timer);
  }, [db, conversationId, me, readPosition, shown, visible]);
  return useCallback((position: number) => setShown((current) => Math.max(current, position)), []);
}
