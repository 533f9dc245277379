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
import { categories, posts } from './schema';

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
      views: p.views,
      createdAt: publishedAt,
      updatedAt: publishedAt,
      audienceKeys: keys,
      seenKeys: keys,
      seq: stamp(),
    };
  });
  await db.insert(posts).values(postRows);
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
