import type { Category } from '../../../contract/posts';
import { slugOf } from '../../../contract/posts';
import { uuidv7 } from '../../../contract/ids';
import { mutate } from '../../sync/mutate';
import type { PostsDb } from './postsDb';

/**
 * Post categories' changes from the structure screen (docs/features/structure.md), through the outbox. The
 * server makes a new category's slug (unique in the college); the device guesses it from
 * the name meanwhile. Positions are the server's: 1, 2, … in list order.
 */

export async function createCategory(db: PostsDb, name: string): Promise<string> {
  const last = await db.categories.orderBy('position').last();
  const row: Category = { id: uuidv7(), slug: slugOf(name), name, position: (last?.position ?? 0) + 1, archived: false };
  await mutate(db, { name: 'categories.create', args: { id: row.id, name }, entity: 'categories', entityId: row.id }, async () => {
    await db.categories.add(row);
  });
  return row.id;
}

export function renameCategory(db: PostsDb, id: string, name: string): Promise<number> {
  return mutate(db, { name: 'categories.update', args: { id, name }, entity: 'categories', entityId: id }, async () => {
    await db.categories.update(id, { name });
  });
}

export function archiveCategory(db: PostsDb, id: string, archived: boolean): Promise<number> {
  return mutate(db, { name: 'categories.archive', args: { id, archived }, entity: 'categories', entityId: id }, async () => {
    await db.categories.update(id, { archived });
  });
}

/** Swaps a category with its neighbour in `shown` (the list's order) and sends the whole order. */
export async function moveCategory(db: PostsDb, shown: readonly Pick<Category, 'id'>[], id: string, by: -1 | 1): Promise<number | null> {
  const ids = shown.map((row) => row.id);
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return mutate(db, { name: 'categories.reorder', args: { ids }, entity: 'categories', entityId: id }, async () => {
    for (const [index, rowId] of ids.entries()) await db.categories.update(rowId, { position: index + 1 });
  });
}
