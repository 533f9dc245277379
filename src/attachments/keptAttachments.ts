import { attachmentFileUrl, opensInBrowser } from '../../contract/attachmentFiles';
import type { Attachment } from '../../contract/attachments';
import { ApiError, requestFile } from '../api/client';
import { isQuotaError } from '../db/lifecycle';
import { StorageFullError } from '../sync/StorageFullError';

/**
 * Attachments of posts and events kept on this device (docs/features/posts.md, "Attachments and kept
 * news": an attachment of a post the device has is downloaded with it while its category is kept). The files
 * are stored in Cache Storage under the very addresses the screens use (a cover's `srcset`
 * candidates, the link that opens the file), in one cache per local database
 * (`<database name>-attachments`, deleted with the database at sign-out, src/db/lifecycle.ts);
 * the service worker answers those addresses from it when the network does not
 * (workers/sw.ts), so an `<img srcset>` and a link work offline without the screens knowing.
 * What is kept, and why, is the feature's to record (the posts' `keptPostFiles`): this module
 * only stores, checks and frees the bytes. An attachment's file never changes (it is only ever
 * removed), so a stored copy never goes stale.
 */

/** Asks for a file's answer: the app's HTTP door unless a test gives another. */
export type AttachmentRequest = (path: string, headers: Record<string, string>, signal?: AbortSignal) => Promise<Response>;

export const attachmentsCacheName = (databaseName: string): string => `${databaseName}-attachments`;

/**
 * The widest variant a list shows (src/features/posts/PostCover.tsx offers these): a phone
 * picks among them by its screen, so all of them are kept; the 1280 one is never shown offline.
 */
const widestListed = 640;

/**
 * The addresses the screens use for an attachment: each listed variant of an image, and the
 * file itself as its link opens it (shown in the browser for PDFs and images, saved otherwise).
 */
export function keptAddressesOf(attachment: Attachment): string[] {
  const variants = [...(attachment.widths ?? [])].sort((a, b) => a - b);
  const listed = variants.filter((width) => width <= widestListed);
  const widths = listed.length > 0 ? listed : variants.slice(0, 1);
  return [
    ...widths.map((width) => attachmentFileUrl(attachment.id, { width })),
    attachmentFileUrl(attachment.id, { inline: opensInBrowser(attachment.mime_type) }),
  ];
}

/** The cache's key of an address: absolute, on the page's origin (what the worker is asked for). */
function keyOf(address: string): string {
  return new URL(address, globalThis.location?.origin ?? 'http://localhost').href;
}

const idOfKey = (url: string): string | undefined => /\/api\/v1\/attachments\/([^/]+)\/file/.exec(new URL(url).pathname)?.[1];

/** Cache Storage exists only on secure origins (https, localhost). */
export function canKeepAttachments(): boolean {
  return typeof caches !== 'undefined';
}

export interface KeepAttachmentOptions {
  signal?: AbortSignal;
  request?: AttachmentRequest;
}

/**
 * Stores every address of the attachment that is not stored yet, one after the other. Each
 * entry is whole or absent (Cache Storage's puts are atomic), the file itself is checked
 * against the size its owner's row gives, and a full device frees what this attachment had
 * stored and throws StorageFullError. Throws NetworkError, ApiError (404: removed, or no
 * longer for this member) or the signal's AbortError otherwise.
 */
export async function keepAttachment(databaseName: string, attachment: Attachment, options: KeepAttachmentOptions = {}): Promise<void> {
  const cache = await caches.open(attachmentsCacheName(databaseName));
  const request = options.request ?? requestFile;
  const addresses = keptAddressesOf(attachment);
  const file = addresses[addresses.length - 1];
  const stored: string[] = [];
  try {
    for (const address of addresses) {
      const key = keyOf(address);
      if (await cache.match(key)) continue;
      const response = await request(address.replace(/^\//, ''), {}, options.signal);
      if (address === file) {
        const length = response.headers.get('content-length');
        if (length !== null && Number(length) !== attachment.size) throw new ApiError(409, 'the file changed');
      }
      await cache.put(key, response);
      stored.push(key);
    }
  } catch (error) {
    if (isQuotaError(error)) {
      await Promise.all(stored.map((key) => cache.delete(key)));
      throw new StorageFullError({ cause: error });
    }
    throw error;
  }
}

/** Frees the stored addresses of these attachments (one listing of the cache). */
export async function removeKeptAttachments(databaseName: string, ids: ReadonlySet<string>): Promise<void> {
  if (ids.size === 0 || !canKeepAttachments()) return;
  const cache = await caches.open(attachmentsCacheName(databaseName));
  const keys = await cache.keys();
  await Promise.all(keys.filter((request) => ids.has(idOfKey(request.url) ?? '')).map((request) => cache.delete(request)));
}

/** Every stored attachment's address, grouped by attachment id. */
export async function storedAttachmentIds(databaseName: string): Promise<Set<string>> {
  if (!canKeepAttachments()) return new Set();
  const keys = await (await caches.open(attachmentsCacheName(databaseName))).keys();
  return new Set(keys.map((request) => idOfKey(request.url)).filter((id): id is string => id !== undefined));
}
