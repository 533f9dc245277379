import { useMemo } from 'react';
import { useDb } from '../../db/DbProvider';
import { documentsDb, type DocumentsDb } from './documentsDb';

/** The signed-in user's database with the documents tables typed. */
export function useDocumentsDb(): DocumentsDb {
  const db = useDb();
  return useMemo(() => documentsDb(db), [db]);
}
