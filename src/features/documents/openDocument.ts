import type { DocumentRow } from '../../../contract/documents';
import { inlineMimeTypes } from '../../../contract/documentFiles';
import { requestFile } from '../../api/client';
import { countDownloadOnce } from './downloadCount';
import type { DocumentsDb } from './documentsDb';
import { deviceCopy, documentFilePath, type FileRequest } from './keptFiles';

export type OpenedDocument = Pick<DocumentRow, 'id' | 'sha256' | 'size' | 'mime_type' | 'title'>;

/** Where the bytes came from. */
export type OpenedFrom = 'device' | 'network';

/** The object URL lives this long: enough for the new tab or the download to read it. */
const objectUrlLifetimeMs = 60_000;

function follow(url: string, attributes: { download?: string; target?: string }): void {
  const link = document.createElement('a');
  link.href = url;
  if (attributes.download !== undefined) link.download = attributes.download;
  if (attributes.target) {
    link.target = attributes.target;
    link.rel = 'noopener';
  }
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Opens a document (docs/features/documents.md, "Files kept on a device"): a PDF or an image in a new tab, anything else
 * downloaded with its real name; from the device's copy when there is a current one
 * (offline too), else from the server. The file route reads the token from the
 * `Authorization` header only (server/auth/requireUser.ts), so a plain link or a new tab
 * pointed at it would be refused: the bytes are fetched through the HTTP door and handed
 * over as an object URL either way. The new tab is opened before anything is awaited (a
 * popup opened later, without the click's activation, is blocked) and closed again if the
 * file cannot be had. The member's download is counted once per device (downloadCount.ts).
 * Must be called from the click's handler.
 */
export async function openDocument(db: DocumentsDb, doc: OpenedDocument, request: FileRequest = requestFile): Promise<OpenedFrom> {
  const inline = inlineMimeTypes.includes(doc.mime_type);
  const tab = inline ? window.open('', '_blank') : null;
  countDownloadOnce(db, doc.id).catch((error: unknown) => console.error('counting a download failed', error));
  let blob: Blob | null;
  let from: OpenedFrom = 'device';
  try {
    blob = await deviceCopy(db, doc);
    if (!blob) {
      from = 'network';
      blob = await (await request(`${documentFilePath(doc.id)}${inline ? '?inline=1' : ''}`, {})).blob();
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = URL.createObjectURL(blob.type === doc.mime_type ? blob : new Blob([blob], { type: doc.mime_type }));
  setTimeout(() => URL.revokeObjectURL(url), objectUrlLifetimeMs);
  if (!inline) follow(url, { download: doc.title });
  else if (tab) {
    tab.opener = null;
    tab.location.href = url;
  } else follow(url, { target: '_blank' });
  return from;
}
