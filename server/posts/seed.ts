import { createHash } from 'node:crypto';
import { variantWidthsOf } from '../../contract/attachmentFiles';
import { keysOfAudience } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import { seedAttachment } from '../attachments/attachmentService';
import { demoImageBytes, demoImages, type DemoImage } from '../attachments/demoImages';
import type { SeededCollege } from '../feature';
import type { Write } from '../sync/writeInCollege';
import { demoCategories, demoPostContent, demoPosts, type DemoTarget } from './demoPosts';
import { postAttachmentOwner } from './postAttachments';
import { categories, posts, postViews } from './schema';

/** Demo posts with a photo: the newest (its cover is on News' first page) and a sports one. */
const pictured: [title: string, image: DemoImage][] = [
  ['Nuevos libros en la biblioteca', demoImages.library],
  ['Final de básquetbol', demoImages.basketball],
];

/** The demo categories and posts of a newly seeded demo college. */
export async function seedDemoPosts(write: Write, college: SeededCollege): Promise<void> {
  const { tx: db, collegeId, stamp } = write;
  const { courses: courseRows, grades: gradeRows, sections: sectionRows, users: userRows } = college;
  const categoryRows = demoCategories.map((c, i) => ({ id: uuidv7(), collegeId, ...c, position: i + 1, seq: stamp() }));
  await db.insert(categories).values(categoryRows);
  const author = userRows.find((u) => u.role === 'staff')!;
  const sectionsOf = (target: DemoTarget) =>
    sectionRows.filter((s) => {
      const grade = gradeRows.find((g) => g.id === s.gradeId)!;
      const course = courseRows.find((c) => c.id === grade.courseId)!;
      if ('all' in target) return true;
      if ('course' in target) return course.name === target.course;
      if ('grade' in target) return grade.name === target.grade;
      return `${grade.name} ${s.name}` === target.section;
    });
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  // Who read the demo posts (seedReads): every member but the demo accounts.
  const readers = userRows.filter((user) => !user.demoAccount);
  const most = Math.max(...demoPosts.map((p) => p.views), 1);
  const readCount = (views: number) => Math.round((views / most) * readers.length);
  const postRows = demoPosts.map((p) => {
    const targeted = sectionsOf(p.target);
    const gradeIds = [...new Set(targeted.map((s) => s.gradeId))];
    const courseIds = [...new Set(gradeIds.map((id) => gradeRows.find((g) => g.id === id)!.courseId))];
    // Mid-morning on the day, so dates look like real publications.
    const publishedAt = new Date(Math.floor((now - p.daysAgo * day) / day) * day + 13 * 60 * 60 * 1000);
    const keys = keysOfAudience({ scope: p.scope, section_ids: targeted.map((s) => s.id) });
    return {
      id: uuidv7(publishedAt.getTime()),
      collegeId,
      title: p.title,
      content: demoPostContent(p),
      categoryId: categoryRows.find((c) => c.slug === p.category)!.id,
      courseIds,
      gradeIds,
      sectionIds: targeted.map((s) => s.id),
      scope: p.scope,
      publishedAt,
      authorId: author.id,
      authorName: `${author.name} ${author.firstLastname}`,
      views: readCount(p.views),
      createdAt: publishedAt,
      updatedAt: publishedAt,
      audienceKeys: keys,
      seenKeys: keys,
      seq: stamp(),
    };
  });
  await db.insert(posts).values(postRows);
  await seedReads(write, postRows, readers);
  for (const [title, image] of pictured) {
    const post = postRows.find((p) => p.title === title)!;
    const bytes = await demoImageBytes(image);
    await seedAttachment(
      write,
      postAttachmentOwner,
      post.id,
      {
        id: uuidv7(post.publishedAt.getTime()),
        name: image.name,
        mimeType: 'image/jpeg',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        fileKey: image.key,
        width: image.width,
        height: image.height,
        widths: variantWidthsOf(image.width),
      },
      author.id,
    );
  }
}

/**
 * Who read the demo posts: real `post_views` rows, as a member's first opening writes them
 * (server/posts/postDelivery.ts, countPostView), and each post's count is theirs, so News and
 * the statistics count the same reads. A demo college has a few dozen members, so the demo's
 * figures (`views`) say how read a post is relative to the others: the most read is read by
 * every member but the demo accounts (left unread, so the stories that open a post see their
 * own first view counted), the others by as many in proportion. Each read lands within two
 * days of the publication, never after now.
 */
async function seedReads(write: Write, postRows: readonly { id: string; publishedAt: Date; views: number }[], readers: SeededCollege['users']): Promise<void> {
  const hour = 60 * 60 * 1000;
  const now = Date.now();
  const rows: (typeof postViews.$inferInsert)[] = [];
  postRows.forEach((post, i) => {
    for (let r = 0; r < post.views; r++) {
      // A different first reader for each post, so each member has read a different mix.
      const reader = readers[(i * 7 + r) % readers.length]!;
      const viewedAt = new Date(Math.min(now, post.publishedAt.getTime() + ((r * 5) % 48) * hour + hour));
      rows.push({ collegeId: write.collegeId, postId: post.id, userId: reader.id, viewedAt });
    }
  });
  for (let i = 0; i < rows.length; i += 1000) await write.tx.insert(postViews).values(rows.slice(i, i + 1000));
}
