import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { KeptCategory, KeptFile } from './documentsDb';
import { storageEstimate, type DeviceStorage } from './keptFiles';

export { useSlowNetwork } from '../../ui/slowNetwork';
import { useDocumentsDb } from './useDocumentsDb';

/** What the device holds of one document. */
export interface KeptFileState {
  /** The row, also when its copy is of an older file. */
  file: KeptFile | null;
  /** A copy of the document's current file is on the device (readable offline). */
  current: boolean;
  /** It is kept because its category is (kept whole, still): removed with the category, not alone. */
  withCategory: boolean;
}

/** Live: whether one document is on the device (undefined while loading). */
export function useKeptFile(id: string): KeptFileState | undefined {
  const db = useDocumentsDb();
  return useLiveQuery(async () => {
    const [file, document] = await Promise.all([db.keptFiles.get(id), db.documents.get(id)]);
    const category = file?.byCategory ? await db.keptCategories.get(file.byCategory) : undefined;
    return { file: file ?? null, current: !!file && file.sha256 === document?.sha256, withCategory: !!category };
  }, [db, id]);
}

/** Live: the documents whose current file is on the device, for a list's "On this device" marks. */
export function useKeptIds(): ReadonlySet<string> | undefined {
  const db = useDocumentsDb();
  return useLiveQuery(async () => {
    const files = await db.keptFiles.toArray();
    const documents = await db.documents.bulkGet(files.map((file) => file.id));
    return new Set(files.filter((file, i) => file.sha256 === documents[i]?.sha256).map((file) => file.id));
  }, [db]);
}

/** What the device holds of one category. */
export interface KeptCategoryState {
  kept: KeptCategory | null;
  /** The category's documents on this device (synced), and how many of them have a current copy. */
  documents: number;
  onDevice: number;
}

export function useKeptCategory(id: string): KeptCategoryState | undefined {
  const db = useDocumentsDb();
  return useLiveQuery(async () => {
    const [kept, documents] = await Promise.all([db.keptCategories.get(id), db.documents.where('category_id').equals(id).toArray()]);
    const files = await db.keptFiles.bulkGet(documents.map((document) => document.id));
    const onDevice = documents.filter((document, i) => files[i]?.sha256 === document.sha256).length;
    return { kept: kept ?? null, documents: documents.length, onDevice };
  }, [db, id]);
}

/** A kept category with its name and how much of it is on the device, for the storage panel. */
export interface KeptCategoryRow extends KeptCategoryState {
  kept: KeptCategory;
  name: string;
}

export function useKeptCategories(): KeptCategoryRow[] | undefined {
  const db = useDocumentsDb();
  return useLiveQuery(async () => {
    const kept = await db.keptCategories.toArray();
    const categories = await db.documentCategories.bulkGet(kept.map((category) => category.id));
    const documents = await db.documents
      .where('category_id')
      .anyOf(kept.map((category) => category.id))
      .toArray();
    const files = await db.keptFiles.bulkGet(documents.map((document) => document.id));
    return kept.flatMap((category, i) => {
      const name = categories[i]?.name;
      if (name === undefined) return [];
      const own = documents.map((document, j) => ({ document, file: files[j] })).filter(({ document }) => document.category_id === category.id);
      const onDevice = own.filter(({ document, file }) => file?.sha256 === document.sha256).length;
      return [{ kept: category, name, documents: own.length, onDevice }];
    });
  }, [db]);
}

/**
 * The kept files' count and size (live) and the device's figures, asked again whenever the
 * kept files change (the browser's estimate is not observable).
 */
export function useStorageEstimate(): DeviceStorage | undefined {
  const db = useDocumentsDb();
  const kept = useLiveQuery(async () => (await db.keptFiles.toArray()).map((file) => `${file.id}:${file.sha256}`).join(), [db]);
  const [figures, setFigures] = useState<DeviceStorage>();
  useEffect(() => {
    if (kept === undefined) return;
    let current = true;
    storageEstimate(db)
      .then((next) => current && setFigures(next))
      .catch((error: unknown) => console.error('storage estimate failed', error));
    return () => {
      current = false;
    };
  }, [db, kept]);
  return figures;
}
