import { useLiveQuery } from 'dexie-react-hooks';
import { postsInCategory } from './keptNews';
import type { KeptNewsCategory } from './postsDb';
import { usePostsDb } from './usePostsDb';

/** What the device holds of a news category kept on it. */
export interface KeptNewsState {
  kept: KeptNewsCategory | null;
  /** Attachments of the category's posts on the device. */
  files: number;
  /** Of them, those whose files are all on the device, and their bytes. */
  onDevice: number;
  bytes: number;
}

/** The category's kept state, live (undefined while read). */
export function useKeptNews(categoryId: string): KeptNewsState | undefined {
  const db = usePostsDb();
  return useLiveQuery(async () => {
    const [kept, posts, files] = await Promise.all([
      db.keptNewsCategories.get(categoryId),
      postsInCategory(db, categoryId),
      db.keptPostFiles.where('category_id').equals(categoryId).toArray(),
    ]);
    const wanted = new Set(posts.flatMap((post) => (post.attachments ?? []).map((attachment) => attachment.id)));
    const stored = files.filter((file) => wanted.has(file.id));
    return { kept: kept ?? null, files: wanted.size, onDevice: stored.length, bytes: stored.reduce((sum, file) => sum + file.size, 0) };
  }, [db, categoryId]);
}
