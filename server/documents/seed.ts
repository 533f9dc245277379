import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { and, inArray, isNull } from 'drizzle-orm';
import { demoImageByKey, demoImageBytes, demoImages, type DemoImage } from '../attachments/demoImages';
import { attachments } from '../attachments/schema';
import { keysOfAudience, type AudienceScope } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import type { SeededCollege } from '../feature';
import type { Write } from '../sync/writeInCollege';
import { nextAudience } from '../audience/visibility';
import { demoFiles } from './demoFiles';
import type { DocumentFiles } from './fileStore';
import { makeVariants, writeVariants, type Variants } from './imageVariants';
import { documentCategories, documents } from './schema';

const demoCategories = ['Reglamentos', 'Circulares', 'Listas de útiles'];
/** Which category and audience each demo file gets (by its place in `demoFiles`). */
const placement: { category: number; scope: AudienceScope }[] = [
  { category: 0, scope: 'college' },
  { category: 1, scope: 'staff' },
  { category: 2, scope: 'college' },
];

/** Three shelves and a few small documents for a demo college, written by its administrator. */
export async function seedDemoDocuments(write: Write, college: SeededCollege): Promise<void> {
  const author = college.users.find((u) => u.role === 'admin') ?? college.users[0];
  const now = Date.now();
  const categoryIds = demoCategories.map(() => uuidv7());
  await write.tx
    .insert(documentCategories)
    .values(demoCategories.map((name, position) => ({ id: categoryIds[position]!, collegeId: write.collegeId, name, position, seq: write.stamp() })));
  for (const [i, file] of demoFiles.entries()) {
    const { category, scope } = placement[i]!;
    const keys = nextAudience(keysOfAudience({ scope, section_ids: [] }));
    const createdAt = new Date(now - (demoFiles.length - i) * 86_400_000);
    await write.tx.insert(documents).values({
      id: uuidv7(createdAt.getTime()),
      collegeId: write.collegeId,
      categoryId: categoryIds[category]!,
      title: file.title,
      mimeType: file.mimeType,
      size: file.bytes.length,
      sha256: file.key,
      fileKey: file.key,
      courseIds: [],
      gradeIds: [],
      sectionIds: [],
      scope,
      authorId: author?.id ?? null,
      authorName: author ? [author.name, author.firstLastname].filter(Boolean).join(' ') : '',
      createdAt,
      updatedAt: createdAt,
      ...keys,
      seq: write.stamp(keys.seenKeys),
    });
  }
}

/** Writes the demo documents' files that are missing (the seed ran without a data folder). */
export async function writeDemoFiles(db: Database, files: DocumentFiles): Promise<void> {
  const rows = await db
    .select({ collegeId: documents.collegeId, fileKey: documents.fileKey })
    .from(documents)
    .where(
      and(
        inArray(
          documents.fileKey,
          demoFiles.map((f) => f.key),
        ),
        isNull(documents.deletedAt),
      ),
    );
  for (const row of rows) {
    const path = files.pathOf(row.collegeId, row.fileKey);
    const file = demoFiles.find((f) => f.key === row.fileKey);
    if (!path || !file || (await stat(path).catch(() => null))) continue;
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.bytes);
  }
}

const demoVariants = new Map<string, Promise<Variants | null>>();

/** A demo photo's variants, made once per process (every demo college has the same photos). */
function variantsOfDemo(image: DemoImage): Promise<Variants | null> {
  let variants = demoVariants.get(image.key);
  if (!variants) {
    variants = demoImageBytes(image).then(makeVariants);
    demoVariants.set(image.key, variants);
  }
  return variants;
}

/** Writes the demo posts' photos and their variants where they are missing, as for the documents. */
export async function writeDemoAttachmentFiles(db: Database, files: DocumentFiles): Promise<void> {
  const rows = await db
    .select({ collegeId: attachments.collegeId, fileKey: attachments.fileKey })
    .from(attachments)
    .where(
      and(
        inArray(
          attachments.fileKey,
          Object.values(demoImages).map((image) => image.key),
        ),
        isNull(attachments.removedAt),
      ),
    );
  for (const row of rows) {
    const path = files.pathOf(row.collegeId, row.fileKey);
    const image = demoImageByKey(row.fileKey);
    if (!path || !image || (await stat(path).catch(() => null))) continue;
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, await demoImageBytes(image));
    const variants = await variantsOfDemo(image);
    if (variants) await writeVariants(path, variants);
  }
}
