import type { Attachment } from '../../../contract/attachments';
import { ApiError, NetworkError } from '../../api/client';
import { keepAttachment, removeKeptAttachments, type AttachmentRequest } from '../../attachments/keptAttachments';
import { isQuotaError } from '../../db/lifecycle';
import { metaKeys } from '../../db/syncMeta';
import { StorageFullError } from '../../sync/StorageFullError';
import { isSlowNetwork } from '../../ui/slowNetwork';
import { keptNewsActivity, setKeptNewsActivity } from './keptNewsState';
import type { KeptPostFile, LocalPost, PostsDb } from './postsDb';
import { askPersistence } from '../../storage/persistence';

/**
 * News kept on this device (docs/features/posts.md, "Attachments and kept news"): a member keeps a
 * news category, and the photos and files of its posts on the device are downloaded with
 * them, the new ones as they sync, so a circular with its PDF opens in a classroom with no
 * signal. The bytes are src/attachments/keptAttachments.ts's; what is kept and why is here.
 */

/** Keeps a category (or changes whether it downloads on a slow network); the next pass downloads. */
export async function keepNewsCategory(db: PostsDb, categoryId: string, { evenOnSlowNetwork = false }: { evenOnSlowNetwork?: boolean } = {}): Promise<void> {
  const existing = await db.keptNewsCategories.get(categoryId);
  try {
    await db.keptNewsCategories.put({ id: categoryId, keptAt: existing?.keptAt ?? new Date().toISOString(), evenOnSlowNetwork });
  } catch (error) {
    throw isQuotaError(error) ? new StorageFullError({ cause: error }) : error;
  }
  askPersistence();
}

/** Stops keeping a category and frees its files. */
export async function removeKeptNewsCategory(db: PostsDb, categoryId: string): Promise<void> {
  const removed = await db.transaction('rw', db.keptNewsCategories, db.keptPostFiles, async () => {
    await db.keptNewsCategories.delete(categoryId);
    const ids = await db.keptPostFiles.where('category_id').equals(categoryId).primaryKeys();
    await db.keptPostFiles.bulkDelete(ids);
    return ids;
  });
  await removeKeptAttachments(db.name, new Set(removed));
  setKeptNewsActivity({ deviceFull: false });
}

/** What one pass did, and why it stopped early if it did. */
export interface KeptNewsResult {
  downloaded: number;
  removed: number;
  /** Attachments left for a faster network (Save-Data, 2G). */
  waiting: number;
  stopped?: 'device full' | 'offline';
}

interface Wanted {
  attachment: Attachment;
  post: LocalPost;
}

/** The attachments of the kept categories' posts on the device, newest post first. */
/** The posts of a category on the device (by the `[category_id+published_at]` index). */
export function postsInCategory(db: PostsDb, categoryId: string): Promise<LocalPost[]> {
  return db.posts.where('[category_id+published_at]').between([categoryId, ''], [categoryId, '\uffff'], true, true).toArray();
}

async function wantedFiles(db: PostsDb, categoryIds: readonly string[]): Promise<Map<string, Wanted>> {
  const lists = await Promise.all(categoryIds.map((id) => postsInCategory(db, id)));
  const posts = lists.flat().sort((a, b) => b.published_at.localeCompare(a.published_at));
  const wanted = new Map<string, Wanted>();
  for (const post of posts) for (const attachment of post.attachments ?? []) if (!wanted.has(attachment.id)) wanted.set(attachment.id, { attachment, post });
  return wanted;
}

/** One pass at a time per database across tabs (Web Locks): the second finds the files kept. */
function withAttachmentsLock<T>(db: PostsDb, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request(`${db.name}-attachments`, { signal }, run) : run();
}

/**
 * Brings the device in step with the kept news categories: frees the files of attachments
 * no longer in a kept category's post (removed, post deleted or moved, category no longer
 * kept or gone), then downloads, one attachment at a time and newest post first, those
 * missing. Waits on Save-Data or 2G unless the member said otherwise; stops at a full device
 * (and only removes until something is freed) or a lost connection. Nothing happens before
 * the first sync has finished: until then a missing post is not a deleted one.
 */
export async function keepNewsInStep(db: PostsDb, signal: AbortSignal, request?: AttachmentRequest): Promise<KeptNewsResult> {
  return withAttachmentsLock(db, signal, async () => {
    const result: KeptNewsResult = { downloaded: 0, removed: 0, waiting: 0 };
    if (!(await db.meta.get(metaKeys.firstSyncDone))) return result;

    const kept = await db.keptNewsCategories.toArray();
    const existing = await db.categories.bulkGet(kept.map((category) => category.id));
    for (const [i, category] of kept.entries()) if (!existing[i]) await removeKeptNewsCategory(db, category.id);
    const categories = new Map(kept.filter((_, i) => existing[i]).map((category) => [category.id, category]));
    const wanted = await wantedFiles(db, [...categories.keys()]);

    const onDevice = await db.keptPostFiles.toArray();
    const gone = onDevice.filter((file) => !wanted.has(file.id)).map((file) => file.id);
    if (gone.length > 0) {
      await db.keptPostFiles.bulkDelete(gone);
      await removeKeptAttachments(db.name, new Set(gone));
      result.removed = gone.length;
      setKeptNewsActivity({ deviceFull: false });
    }
    const moved = onDevice.filter((file) => wanted.get(file.id) && wanted.get(file.id)!.post.category_id !== file.category_id);
    for (const file of moved)
      await db.keptPostFiles.update(file.id, { category_id: wanted.get(file.id)!.post.category_id, post_id: wanted.get(file.id)!.post.id });

    const have = new Set(onDevice.map((file) => file.id));
    const missing = [...wanted.values()].filter(({ attachment }) => !have.has(attachment.id));
    const slow = isSlowNetwork();
    for (const { attachment, post } of missing) {
      if (signal.aborted) break;
      if (keptNewsActivity().deviceFull) {
        result.stopped = 'device full';
        break;
      }
      if (slow && !categories.get(post.category_id)?.evenOnSlowNetwork) {
        result.waiting++;
        continue;
      }
      try {
        setKeptNewsActivity({ downloading: true });
        await keepAttachment(db.name, attachment, { signal, ...(request ? { request } : {}) });
        const row: KeptPostFile = {
          id: attachment.id,
          post_id: post.id,
          category_id: post.category_id,
          size: attachment.size,
          keptAt: new Date().toISOString(),
        };
        await db.keptPostFiles.put(row);
        result.downloaded++;
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof StorageFullError || isQuotaError(error)) {
          setKeptNewsActivity({ deviceFull: true });
          result.stopped = 'device full';
          break;
        }
        if (error instanceof NetworkError) {
          result.stopped = 'offline';
          break;
        }
        // Removed, or no longer for this member: the post's new row (or tombstone) is on its way.
        if (!(error instanceof ApiError)) console.error('keeping an attachment failed', error);
      }
    }
    setKeptNewsActivity({ downloading: false, waiting: result.waiting });
    return result;
  });
}
