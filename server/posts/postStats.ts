import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Job } from '../jobs';
import { writeInCollege } from '../sync/writeInCollege';
import { postStats, posts } from './schema';

/**
 * View counts reach devices on a slow cadence: a view only adds to the post's counters
 * (server/posts/postService.ts `viewPost`), and this flush writes the counts of the posts
 * read since the last one to `post_stats` rows, with change numbers but without pokes.
 * Devices pick them up at their next pull; 500 students opening a post wake no device.
 */
export async function flushPostStats(db: Database): Promise<number> {
  const colleges = await db.selectDistinct({ collegeId: posts.collegeId }).from(posts).where(gt(posts.viewsPending, 0));
  let flushed = 0;
  for (const { collegeId } of colleges) {
    flushed += await writeInCollege(
      db,
      collegeId,
      async (write) => {
        const read = await write.tx
          .update(posts)
          .set({ viewsPending: 0 })
          .where(and(eq(posts.collegeId, collegeId), gt(posts.viewsPending, 0), isNull(posts.deletedAt)))
          .returning({ id: posts.id, views: posts.views, audienceKeys: posts.audienceKeys, seenKeys: posts.seenKeys });
        for (const post of read) {
          const values = { views: post.views, audienceKeys: post.audienceKeys, seenKeys: post.seenKeys, deletedAt: null, seq: write.stamp() };
          await write.tx
            .insert(postStats)
            .values({ id: post.id, collegeId, ...values })
            .onConflictDoUpdate({ target: postStats.id, set: values });
        }
        return read.length;
      },
      { poke: false },
    );
  }
  return flushed;
}

export const postStatsJob: Job = { name: 'flush post view counts', everyMs: 60_000, run: async (db) => void (await flushPostStats(db)) };
