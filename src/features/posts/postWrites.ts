import type { User } from '../../../contract/auth';
import { uuidv7 } from '../../../contract/ids';
import type { CreatePostArgs, PostFields, UpdatePostArgs } from '../../../contract/posts';
import type { LocalPost, PostsDb } from './postsDb';
import { discard, resend } from '../../sync/hooks';
import { mutate } from '../../sync/mutate';
import { removePostWords, writePostWords } from './postWords';

/**
 * Every local change to posts: one `mutate` each, so the optimistic row, its search words
 * (`postWords`: searchable at once) and its outbox entry are written in one Dexie
 * transaction and nothing is half-done after a crash.
 */

/** The author's name as the server writes it (server/posts/postService.ts). */
export function authorName(user: Pick<User, 'name' | 'first_lastname'>): string {
  return [user.name, user.first_lastname].filter(Boolean).join(' ');
}

export interface Author {
  user: Pick<User, 'id' | 'name' | 'first_lastname' | 'college_id'>;
}

/** A queued change: the post it is about and its outbox entry (to follow with toastOutcome). */
export interface QueuedPostChange {
  id: string;
  seq: number;
}

export async function createPost(db: PostsDb, fields: PostFields, { user }: Author, now = new Date()): Promise<QueuedPostChange> {
  const id = uuidv7(now.getTime());
  const args: CreatePostArgs = { id, ...fields };
  const stamp = now.toISOString();
  const row: LocalPost = {
    ...localChanges(fields, now),
    id,
    college_id: user.college_id,
    published_at: fields.published_at ? new Date(fields.published_at).toISOString() : stamp,
    author_id: user.id,
    author_name: authorName(user),
    views: 0,
    created_at: stamp,
  };
  const seq = await mutate(db, { name: 'posts.create', args, entity: 'posts', entityId: id }, async () => {
    await db.posts.put(row);
    await writePostWords(db, row);
  });
  return { id, seq };
}

/** What a person's edit changes in the local row (a create adds the rest). */
type EditedFields = Pick<LocalPost, 'title' | 'content' | 'category_id' | 'course_ids' | 'grade_ids' | 'section_ids' | 'scope' | 'updated_at'> &
  Partial<Pick<LocalPost, 'published_at'>>;

function localChanges(fields: PostFields, now: Date): EditedFields {
  return {
    title: fields.title,
    content: fields.content,
    category_id: fields.category_id,
    course_ids: fields.course_ids,
    grade_ids: fields.grade_ids,
    section_ids: fields.section_ids,
    scope: fields.scope,
    ...(fields.published_at ? { published_at: new Date(fields.published_at).toISOString() } : {}),
    updated_at: now.toISOString(),
  };
}

/** The local edit of a post and its new search words (inside the caller's transaction). */
async function applyEdit(db: PostsDb, id: string, fields: PostFields, now: Date): Promise<void> {
  if ((await db.posts.update(id, localChanges(fields, now))) === 0) return;
  await writePostWords(db, { id, title: fields.title, content: fields.content });
}

export async function updatePost(db: PostsDb, id: string, fields: PostFields, now = new Date()): Promise<number> {
  const args: UpdatePostArgs = { id, ...fields };
  return mutate(db, { name: 'posts.update', args, entity: 'posts', entityId: id }, () => applyEdit(db, id, fields, now));
}

/**
 * Sends a refused create/update again with the person's corrections: the outbox entry
 * keeps its place (with a new mutation id) and the local post shows the corrected text.
 */
export async function resendPost(db: PostsDb, seq: number, id: string, fields: PostFields, now = new Date()): Promise<void> {
  await resend(db, seq, { id, ...fields }, () => applyEdit(db, id, fields, now));
}

export async function deletePost(db: PostsDb, id: string): Promise<number> {
  return mutate(db, { name: 'posts.delete', args: { id }, entity: 'posts', entityId: id }, async () => {
    await db.posts.delete(id);
    await removePostWords(db, id);
  });
}

/**
 * An edit the server refused because the post no longer exists (404): what the person wrote
 * is queued as a new post (a new id) and the refused edit is dropped, in one transaction.
 */
export async function keepEditAsNewPost(db: PostsDb, seq: number, author: Author, now = new Date()): Promise<QueuedPostChange | null> {
  return db.transaction('rw', db.tables, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry || entry.name !== 'posts.update' || entry.status !== 'attention') return null;
    // Written by updatePost from the form's fields; the old id is what is gone.
    const { id: _gone, ...fields } = entry.args as UpdatePostArgs;
    await discard(db, seq);
    return createPost(db, fields, author, now);
  });
}

class AlreadyViewed extends Error {}

/**
 * Counts a view once per user and post, also offline: the viewedPosts row, the +1 and the
 * queued `posts.view` are one transaction, and a second call (another tab, React's double
 * effects) finds the row and aborts without queuing anything. The entry's entity is
 * `viewedPosts`, so reading a post offline does not mark the post itself "not sent"; and
 * `posts.view` is a background mutation (module.ts): never counted as an unsent change.
 */
export async function countViewOnce(db: PostsDb, postId: string, now = new Date()): Promise<boolean> {
  if (await db.viewedPosts.get(postId)) return false;
  try {
    await mutate(db, { name: 'posts.view', args: { post_id: postId }, entity: 'viewedPosts', entityId: postId }, async () => {
      if (await db.viewedPosts.get(postId)) throw new AlreadyViewed();
      await db.viewedPosts.add({ post_id: postId, viewedAt: now.toISOString() });
      // +1 on the count shown (postQueries.ts withViewCounts) until the server's arrives.
      await db.posts
        .where('id')
        .equals(postId)
        .modify((post) => {
          post.views += 1;
        });
      await db.postStats
        .where('id')
        .equals(postId)
        .modify((stats) => {
          stats.views += 1;
        });
    });
    return true;
  } catch (error) {
    if (error instanceof AlreadyViewed) return false;
    throw error;
  }
}
