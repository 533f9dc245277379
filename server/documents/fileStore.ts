import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';

/**
 * Where documents' files live (docs/features/documents.md, "Where files live"): one folder per
 * college under `<dataDir>/documents/`, each a tus FileStore (the file, and its tus
 * metadata as `<key>.json` beside it). A finished upload stays where tus wrote it; its
 * upload id is the document's `file_key`. Every API process on the host (or sharing the
 * volume) reads and resumes the same uploads.
 */
export class DocumentFiles {
  private readonly stores = new Map<string, FileStore>();

  constructor(readonly root: string) {}

  /** The college's folder; college ids are UUIDs of our own rows, never input. */
  folderOf(collegeId: string): string {
    return join(this.root, collegeId.toLowerCase());
  }

  storeOf(collegeId: string): FileStore {
    let store = this.stores.get(collegeId);
    if (!store) {
      store = new FileStore({ directory: this.folderOf(collegeId), expirationPeriodInMilliseconds: abandonedUploadMs });
      this.stores.set(collegeId, store);
    }
    return store;
  }

  /** The path of a file key, or null when the key is not one of ours (never a path from input). */
  pathOf(collegeId: string, key: string): string | null {
    return uploadKeyPattern.test(key) ? join(this.folderOf(collegeId), key) : null;
  }

  /**
   * Removes the uploads left unfinished for longer than `abandonedUploadMs` (a phone that
   * never came back), in every college's folder; finished files (documents, attachments)
   * are never touched. Unfinished is told by the bytes on disk, short of the size the
   * upload declared: FileStore's own `deleteExpired` reads the offset from the metadata,
   * which stays 0 after the last byte, and would remove every finished file a week old.
   * Any process may run it at the same time as another: a file the other removed first is
   * no error. Answers how many went.
   */
  async sweepAbandoned(now = Date.now()): Promise<number> {
    const folders = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const folder of folders) {
      if (!folder.isDirectory()) continue;
      const directory = join(this.root, folder.name);
      for (const name of await readdir(directory).catch(() => [] as string[])) {
        const key = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
        if (!uploadKeyPattern.test(key) || !(await isAbandoned(directory, key, now))) continue;
        await this.storeOf(folder.name)
          .remove(key)
          .then(() => removed++)
          .catch(() => undefined);
      }
    }
    return removed;
  }

  /** Removes a file and its tus metadata; a file already gone is no error. */
  async remove(collegeId: string, key: string): Promise<void> {
    if (!uploadKeyPattern.test(key)) return;
    await this.storeOf(collegeId)
      .remove(key)
      .catch(() => undefined);
  }
}

/**
 * How long an unfinished upload is kept for its device to come back: a week covers a
 * phone left off over a weekend or a short holiday (tus answers 410 after it; the device
 * starts the file again).
 */
export const abandonedUploadMs = 7 * 24 * 60 * 60 * 1000;

/** `<uploader's id, hex>` + 32 random hex digits: unguessable, and tied to who uploads. */
export const uploadKeyPattern = /^[0-9a-f]{64}$/;

const hexOf = (uuid: string): string => uuid.replace(/-/g, '').toLowerCase();

export function newUploadKey(userId: string): string {
  return `${hexOf(userId)}${randomBytes(16).toString('hex')}`;
}

/** An upload belongs to the member whose id starts its key (in their college's folder). */
export function isUploadOf(key: string, userId: string): boolean {
  return uploadKeyPattern.test(key) && key.startsWith(hexOf(userId));
}

/** An upload older than `abandonedUploadMs` whose file holds fewer bytes than it declared. */
async function isAbandoned(directory: string, key: string, now: number): Promise<boolean> {
  try {
    const info = JSON.parse(await readFile(join(directory, `${key}.json`), 'utf8')) as { size?: unknown; creation_date?: unknown };
    const created = typeof info.creation_date === 'string' ? Date.parse(info.creation_date) : NaN;
    if (!Number.isFinite(created) || now - created <= abandonedUploadMs) return false;
    const { size } = await stat(join(directory, key));
    return typeof info.size !== 'number' || size < info.size;
  } catch {
    // Unreadable metadata, or a file another process removed meanwhile: left alone.
    return false;
  }
}
