import { and, asc, eq, isNull, like, max, or } from 'drizzle-orm';
import { messages } from '../../contract/messages';
import { can } from '../../contract/permissions';
import { slugOf, type ArchiveCategoryArgs, type CategoryArgs, type ReorderCategoriesArgs } from '../../contract/posts';
import { uuidv7 } from '../../contract/ids';
import { looksLikeUuid } from '../audience/references';
import { forbidden, HttpError, notFound } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import { categories } from './schema';

/**
 * Post categories as administrators manage them from the structure screen (docs/features/structure.md). The
 * table is the posts module's, so its writes are here rather than in server/structure (no
 * feature imports another). Nothing is deleted: an archived category keeps its posts and its
 * name, devices leave it out of the post form. A rename keeps the slug, so links stay.
 */

function assertManages(actor: MutationActor): void {
  if (!can(actor.user.role, 'structure.manage')) throw forbidden();
}

async function liveCategory(write: Write, id: string) {
  if (!looksLikeUuid(id)) throw notFound(messages.structureItemNotFound);
  const [row] = await write.tx
    .select()
    .from(categories)
    .where(and(eq(categories.id, id.toLowerCase()), eq(categories.collegeId, write.collegeId), isNull(categories.deletedAt)))
    .for('update');
  if (!row) throw notFound(messages.structureItemNotFound);
  return row;
}

/** The name's slug, or with `-2`, `-3`… when the college has it already (deleted rows keep theirs: the index is unique). */
async function freeSlug(write: Write, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = await write.tx
    .select({ slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.collegeId, write.collegeId), or(eq(categories.slug, base), like(categories.slug, `${base}-%`))));
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

export async function createCategory(write: Write, actor: MutationActor, args: CategoryArgs): Promise<void> {
  assertManages(actor);
  await insertCategory(write, args.id.toLowerCase(), args.name);
}

/** A category last in the list (the CLI's first category of a new college too). */
export async function insertCategory(write: Write, id: string, name: string): Promise<void> {
  const [last] = await write.tx
    .select({ position: max(categories.position) })
    .from(categories)
    .where(eq(categories.collegeId, write.collegeId));
  const [row] = await write.tx
    .insert(categories)
    .values({ id, collegeId: write.collegeId, slug: await freeSlug(write, name), name, position: (last?.position ?? 0) + 1, seq: write.stamp() })
    .onConflictDoNothing()
    .returning({ id: categories.id });
  if (!row) throw new HttpError(409, messages.conflict);
}

export async function renameCategory(write: Write, actor: MutationActor, args: CategoryArgs): Promise<void> {
  assertManages(actor);
  const row = await liveCategory(write, args.id);
  await write.tx.update(categories).set({ name: args.name, seq: write.stamp() }).where(eq(categories.id, row.id));
}

export async function archiveCategory(write: Write, actor: MutationActor, args: ArchiveCategoryArgs): Promise<void> {
  assertManages(actor);
  const row = await liveCategory(write, args.id);
  await write.tx
    .update(categories)
    .set({ archivedAt: args.archived ? new Date() : null, seq: write.stamp() })
    .where(eq(categories.id, row.id));
}

/** Positions 1, 2, … in the listed order; categories not listed follow. Every id must be the college's (else 404, nothing changes). */
export async function reorderCategories(write: Write, actor: MutationActor, args: ReorderCategoriesArgs): Promise<void> {
  assertManages(actor);
  const rows = await write.tx
    .select({ id: categories.id, position: categories.position })
    .from(categories)
    .where(and(eq(categories.collegeId, write.collegeId), isNull(categories.deletedAt)))
    .orderBy(asc(categories.position), asc(categories.name))
    .for('update');
  const known = new Set(rows.map((row) => row.id));
  const wanted = args.ids.map((id) => id.toLowerCase());
  if (wanted.some((id) => !known.has(id))) throw notFound(messages.structureItemNotFound);
  const listed = new Set(wanted);
  const order = [...wanted, ...rows.filter((row) => !listed.has(row.id)).map((row) => row.id)];
  const current = new Map(rows.map((row) => [row.id, row.position]));
  for (const [index, id] of order.entries()) {
    if (current.get(id) === index + 1) continue;
    await write.tx
      .update(categories)
      .set({ position: index + 1, seq: write.stamp() })
      .where(eq(categories.id, id));
  }
}

/** The first category of a college added with the CLI, named in its language, so staff can post at once. */
export async function seedNewCollegeCategory(write: Write, college: { language: string }): Promise<void> {
  const name = college.language.startsWith('es') ? 'Noticias' : college.language.startsWith('fr') ? 'Actualités' : 'News';
  await insertCategory(write, uuidv7(), name);
}
