import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are relative paths (`avatars/<college>/<id>.png`). The
 * local folder is the default; an S3-compatible store can implement the same interface
 * when several API nodes share files.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** Same-origin URL the file is served at. */
  url(key: string): string;
}

/** Keys are made by the server only, but are still checked before touching the disk. */
export const storageKeyPattern = /^[a-z]+(\/[A-Za-z0-9-]+)*\/[A-Za-z0-9-]+\.[a-z0-9]{2,5}$/;
