import { useLiveQuery } from 'dexie-react-hooks';
import { metaKeys } from '../../db/syncMeta';
import { useOnline } from '../../ui/useOnline';
import { useSlowNetwork } from '../../ui/slowNetwork';
import { useSerialPasses } from '../../ui/useSerialPasses';
import { keepNewsInStep, postsInCategory } from './keptNews';
import { useKeptNewsActivity } from './keptNewsState';
import type { PostsDb } from './postsDb';
import { usePostsDb } from './usePostsDb';

/**
 * What keepNewsInStep depends on, as one string: the kept categories, the attachments of
 * their posts, the kept files, and whether the first sync is done. Any change (a post with a
 * photo synced into a kept category, a file removed, a post deleted) makes a new string, and
 * a new pass.
 */
async function keptWork(db: PostsDb): Promise<string> {
  const [categories, files, firstSyncDone] = await Promise.all([
    db.keptNewsCategories.toArray(),
    db.keptPostFiles.toArray(),
    db.meta.get(metaKeys.firstSyncDone),
  ]);
  const posts = await Promise.all(categories.map((category) => postsInCategory(db, category.id)));
  return JSON.stringify([
    !!firstSyncDone,
    categories.map((category) => [category.id, category.evenOnSlowNetwork]),
    posts.flat().map((post) => [post.id, (post.attachments ?? []).map((attachment) => attachment.id)]),
    files.map((file) => [file.id, file.category_id]),
  ]);
}

/**
 * Keeps the device in step with the kept news categories while the signed-in app is open
 * (mounted once, by the posts' UI module): a pass runs when what is kept or the posts behind
 * it change, when the network comes back or gets faster, and when a full device has room
 * again. Passes never overlap: a change during a pass asks for one more when it ends.
 * Unmounting (sign-out) cancels the download.
 */
export function useKeptNewsInStep(): void {
  const db = usePostsDb();
  const online = useOnline();
  const slow = useSlowNetwork();
  const { deviceFull } = useKeptNewsActivity();
  const work = useLiveQuery(() => keptWork(db), [db]);
  useSerialPasses((signal) => keepNewsInStep(db, signal), {
    owner: db,
    trigger: JSON.stringify([work, slow, deviceFull]),
    ready: online && work !== undefined,
    what: 'keeping news',
  });
}
