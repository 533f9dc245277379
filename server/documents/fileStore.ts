import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';

/**
 * Where documents' files live (README, "Documents: where files live"): one folder per
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
      store = new FileStore({ directory: this.folderOf(collegeId), expirationPeriodInMilliseconds: 7 * 24 * 60 * 60 * 1000 });
      this.stores.set(collegeId, store);
    }
    return store;
  }

  /** The path of a file key, or null when the key is not one of ours (never a path from input). */
  pathOf(collegeId: string, key: string): string | null {
    return uploadKeyPattern.test(key) ? join(this.folderOf(collegeId), key) : null;
  }

  /** Removes a file and its tus metadata; a file already gone is no error. */
  async remove(collegeId: string, key: string): Promise<void> {
    if (!uploadKeyPattern.test(key)) return;
    await this.storeOf(collegeId)
      .remove(key)
      .catch(() => undefined);
  }
}

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
