import { useLiveQuery } from 'dexie-react-hooks';
import type { DocumentCategory, DocumentRow } from '../../../contract/documents';
import { foldText } from '../../db/searchWords';
import type { DocumentsDb } from './documentsDb';
import { useDocumentsDb } from './useDocumentsDb';

/** The library's categories in their order (admins set it), then by name. */
export function useDocumentCategories(): DocumentCategory[] | undefined {
  const db = useDocumentsDb();
  return useLiveQuery(() => db.documentCategories.orderBy('position').toArray().then(byPosition), [db]);
}

const byPosition = (categories: DocumentCategory[]) => categories.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));

/**
 * The documents of one category (null: all), newest first, whose name contains every word
 * of `search` (accents and case aside). A school's library is a few hundred rows: read and
 * filtered in memory, no index of words.
 */
export async function listDocuments(db: DocumentsDb, categoryId: string | null, search: string): Promise<DocumentRow[]> {
  const rows = categoryId ? await db.documents.where('category_id').equals(categoryId).toArray() : await db.documents.toArray();
  const words = foldText(search).split(/\s+/).filter(Boolean);
  const found = words.length === 0 ? rows : rows.filter((row) => matches(foldText(row.title), words));
  return found.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

const matches = (title: string, words: readonly string[]) => words.every((word) => title.includes(word));

export function useDocuments(categoryId: string | null, search: string): DocumentRow[] | undefined {
  const db = useDocumentsDb();
  return useLiveQuery(() => listDocuments(db, categoryId, search), [db, categoryId, search]);
}

/** How many documents each category has (the category tabs show it). */
export function useDocumentCounts(): ReadonlyMap<string, number> | undefined {
  const db = useDocumentsDb();
  return useLiveQuery(async () => {
    const counts = new Map<string, number>();
    await db.documents.orderBy('category_id').eachKey((key) => {
      const id = key as string;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    });
    return counts;
  }, [db]);
}
