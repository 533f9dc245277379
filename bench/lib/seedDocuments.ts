/**
 * A database (migrated, demo-seeded) with a category of `count` documents totalling
 * `totalBytes` in the colinas demo college, written through the server's own code
 * (`writeInCollege`, as an upload's completion does), and their files in the data folder
 * where the server reads them (server/documents/fileStore.ts). Sizes vary like a school's
 * library (mostly 0.3–3 MB, a few large scans), deterministic for a seed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { keysOfAudience } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import { nextAudience } from '../../server/audience/visibility';
import { openDatabase } from '../../server/db/client';
import { colleges, users } from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed';
import { DocumentFiles } from '../../server/documents/fileStore';
import { documentCategories, documents } from '../../server/documents/schema';
import { features } from '../../server/features';
import { writeInCollege } from '../../server/sync/writeInCollege';
import { random } from './seedPosts';

export interface SeededLibrary {
  categoryId: string;
  count: number;
  totalBytes: number;
  largest: number;
}

/** `count` sizes summing to `totalBytes`: three large scans (12, 8 and 6 % of it: 24, 16 and 12 MB of 200 MB), the rest 0.3–3 MB alike. */
function sizesOf(count: number, totalBytes: number, rand: () => number): number[] {
  const large = [0.12, 0.08, 0.06].map((share) => Math.round(totalBytes * share));
  const rest = Array.from({ length: count - large.length }, () => 0.3 + rand() * 2.7);
  const left = totalBytes - large.reduce((sum, size) => sum + size, 0);
  const scale = left / rest.reduce((sum, weight) => sum + weight, 0);
  const sizes = [...large, ...rest.map((weight) => Math.floor(weight * scale))];
  sizes[sizes.length - 1]! += totalBytes - sizes.reduce((sum, size) => sum + size, 0);
  return sizes;
}

export async function seedDocuments(dataDir: string, count: number, totalBytes: number, seed = 2026): Promise<SeededLibrary> {
  const rand = random(seed);
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDemoData(database.db, features);
    const db = database.db;
    const [college] = await db.select().from(colleges).where(eq(colleges.slug, 'colinas'));
    const [staff] = college
      ? await db
          .select()
          .from(users)
          .where(and(eq(users.collegeId, college.id), eq(users.email, 'staff@colinas.test')))
      : [];
    if (!college || !staff) throw new Error('no colinas college or staff after the demo seed');
    const files = new DocumentFiles(join(dataDir, 'documents'));
    const sizes = sizesOf(count, totalBytes, rand);
    const categoryId = uuidv7();
    const keys = nextAudience(keysOfAudience({ scope: 'college', section_ids: [] }));
    const now = Date.now();
    const rows: (typeof documents.$inferInsert)[] = [];
    for (const [i, size] of sizes.entries()) {
      // Bytes that do not compress (the route never compresses anyway), made per file.
      const bytes = randomBytes(size);
      const key = createHash('sha256').update(`${seed}:${i}`).digest('hex');
      const path = files.pathOf(college.id, key)!;
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, bytes);
      const createdAt = new Date(now - (count - i) * 3_600_000);
      rows.push({
        id: uuidv7(createdAt.getTime()),
        collegeId: college.id,
        categoryId,
        title: `Documento ${String(i + 1).padStart(3, '0')}.pdf`,
        mimeType: 'application/pdf' as const,
        size,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        fileKey: key,
        courseIds: [],
        gradeIds: [],
        sectionIds: [],
        scope: 'college' as const,
        authorId: staff.id,
        authorName: `${staff.name} ${staff.firstLastname}`,
        createdAt,
        updatedAt: createdAt,
        ...keys,
      });
    }
    await writeInCollege(db, college.id, async (write) => {
      await write.tx.insert(documentCategories).values({ id: categoryId, collegeId: college.id, name: 'Banco de pruebas', position: 10, seq: write.stamp() });
      await write.tx.insert(documents).values(rows.map((row) => ({ ...row, seq: write.stamp(keys.seenKeys) })));
    });
    return { categoryId, count, totalBytes, largest: Math.max(...sizes) };
  } finally {
    await database.close();
  }
}
