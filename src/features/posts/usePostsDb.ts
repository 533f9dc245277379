import { useMemo } from 'react';
import { useDb } from '../../db/DbProvider';
import { postsDb, type PostsDb } from './postsDb';

/** The signed-in user's database with the posts tables typed. */
export function usePostsDb(): PostsDb {
  const db = useDb();
  return useMemo(() => postsDb(db), [db]);
}
