import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { storageKeyPattern, type Storage } from './storage';

/** Files under a local folder (`<dataDir>/uploads`), served at `/uploads/<key>`. */
export function localStorage(root: string): Storage {
  const pathOf = (key: string): string => {
    if (!storageKeyPattern.test(key)) throw new Error(`invalid storage key ${key}`);
    return join(root, key);
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async get(key): Promise<Readable | null> {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      return info?.isFile() ? createReadStream(path) : null;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    url: (key) => `/uploads/${key}`,
  };
}
