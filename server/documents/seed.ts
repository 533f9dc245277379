import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { and, inArray, isNull } from 'drizzle-orm';
import { keysOfAudience, type AudienceScope } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import type { SeededCollege } from '../feature';
import type { Write } from '../sync/writeInCollege';
import { nextAudience } from '../audience/visibility';
import { demoFiles } from './demoFiles';
import type { DocumentFiles } from './fileStore';
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
  await write.tx.insert(documentCategories).values(
    demoCategories.map((name, position) => ({ id: categoryIds[position]!, collegeId: write.collegeId, name, position, seq: write.stamp() })),
  );
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
    .where(and(inArray(documents.fileKey, demoFiles.map((f) => f.key)), isNull(documents.deletedAt)));
  for (const row of rows) {
    const path = files.pathOf(row.collegeId, row.fileKey);
    const file = demoFiles.find((f) => f.key === row.fileKey);
    if (!path || !file || (await stat(path).catch(() => null))) continue;
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.bytes);
  }
}
