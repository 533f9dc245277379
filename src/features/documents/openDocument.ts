import type { DocumentRow } from '../../../contract/documents';
import type { DocumentsDb } from './documentsDb';

/** Opens a document from the server (until keptFiles.ts lands). */
export function openDocument(_db: DocumentsDb, document: DocumentRow): Promise<void> {
  window.open(`/api/v1/documents/${document.id}/file?inline=1`, '_blank', 'noopener');
  return Promise.resolve();
}
