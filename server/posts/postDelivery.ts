import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Deliverable, DeliverableItem } from '../delivery/deliverable';
import { addressedMembers } from '../delivery/members';
import { scheduleDelivery } from '../delivery/schedule';
import type { Database } from '../db/client';
import { htmlToText } from '../richText/sanitizeContent';
import type { Write } from '../sync/writeInCollege';
import { postViews, posts } from './schema';

type PostRow = typeof posts.$inferSelect;

function itemOf(row: PostRow): DeliverableItem {
  return {
    id: row.id,
    collegeId: row.collegeId,
    authorId: row.authorId,
    authorName: row.authorName,
    title: row.title,
    html: row.content,
    text: htmlToText(row.content),
    details: () => [],
    path: `/blog/post/${row.id}`,
    attachments: row.attachments.map((a) => ({ id: a.id, name: a.name, size: a.size })),
    audienceKeys: row.audienceKeys,
    scope: row.scope,
    // A post dated in the future is its author's alone until released: nothing to deliver yet.
    deleted: row.deletedAt !== null || row.releaseAt !== null,
    emergency: false,
    publishedAt: row.publishedAt,
  };
}

/**
 * A view counted once per member and post, the post's count raised with it (its devices get
 * it through `post_stats`): the one count behind the app's views and the statistics.
 * Returns whether this was the member's first view.
 */
export async function countPostView(tx: Database, post: Pick<PostRow, 'id' | 'collegeId'>, userId: string): Promise<boolean> {
  const inserted = await tx
    .insert(postViews)
    .values({ collegeId: post.collegeId, postId: post.id, userId })
    .onConflictDoNothing()
    .returning({ postId: postViews.postId });
  if (inserted.length === 0) return false;
  await tx
    .update(posts)
    .set({ views: sql`${posts.views} + 1`, viewsPending: sql`${posts.viewsPending} + 1` })
    .where(eq(posts.id, post.id));
  return true;
}

/** Posts reach members by email and push too (server/delivery). */
export const postDeliverable: Deliverable = {
  kind: 'post',
  pushed: true,
  async load(db, collegeId, ids) {
    if (ids.length === 0) return [];
    const rows = await db
      .select()
      .from(posts)
      .where(and(eq(posts.collegeId, collegeId), inArray(posts.id, [...ids])));
    return rows.map(itemOf);
  },
  recipients: (db, item) => addressedMembers(db, item.collegeId, item),
  async markRead(write: Write, userId, item) {
    await countPostView(write.tx, item, userId);
  },
};

/** A published post (or one just released) is delivered; one dated in the future waits for its release. */
export async function deliverPost(write: Write, row: Pick<PostRow, 'id' | 'releaseAt'>, site: string | undefined, now: Date): Promise<void> {
  if (row.releaseAt !== null) return;
  await scheduleDelivery(write.tx, { kind: 'post', itemId: row.id, collegeId: write.collegeId, at: now, site });
}
