import { useEffect } from 'react';
import { usePostsDb } from './usePostsDb';
import { countViewOnce } from './postWrites';

/** Counts this user's view of a post once it is on screen (once ever, also offline). */
export function useCountView(postId: string, shown: boolean): void {
  const db = usePostsDb();
  useEffect(() => {
    if (!shown) return;
    countViewOnce(db, postId).catch((error: unknown) => console.error(error));
  }, [db, postId, shown]);
}
