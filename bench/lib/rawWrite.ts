/**
 * The reference of the initial-sync benchmark: in the page and origin where the app has just
 * synced, read the synced posts back and time one raw Dexie `bulkPut` of them into a fresh
 * database with the app's posts store (schema version 2: the server's rows, no search
 * words), and, for information, the same rows with their words in a `*_words` index (the
 * version 1 store). Dexie's UMD build must already be loaded in the page (`window.Dexie`).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/** The posts store of src/db/database.ts version 2, the app's (only `posts` is written here). */
export const postsStore = 'id, published_at, [category_id+published_at]';
/** The posts store of version 1, with the search words inside, for comparison. */
export const postsStoreV1 = 'id, published_at, [category_id+published_at], *_words';

/** Dexie's UMD build, to load into a page (it defines `window.Dexie`). */
export function dexieSource(): string {
  return readFileSync('node_modules/dexie/dist/dexie.js', 'utf8');
}

export interface RawWrites {
  /** bulkPut into the app's posts store (v2), ms. */
  sameStore: number;
  /** bulkPut into the version 1 store (with `*_words`), ms. */
  v1Store: number;
  /** Posts read back from the app's database. */
  rows: number;
  /** Search word rows read back. */
  indexed: number;
  /** JSON size of the rows read back. */
  bytes: number;
}

/** Times the raw writes of the posts in the app's database `source` (a run number keeps names apart). */
export function rawWrites(page: Page, source: string, run: number): Promise<RawWrites> {
  return page.evaluate(
    async ({ source, store, storeV1, run }) => {
      type DexieLike = {
        open(): Promise<unknown>;
        close(): void;
        delete(): Promise<void>;
        table(name: string): { toArray(): Promise<Record<string, unknown>[]>; bulkPut(rows: unknown[]): Promise<unknown> };
        version(n: number): { stores(spec: Record<string, string>): unknown };
      };
      const Dexie = (window as unknown as { Dexie: new (name: string) => DexieLike }).Dexie;
      const existing = new Dexie(source);
      await existing.open();
      const rows = await existing.table('posts').toArray();
      const words = new Map((await existing.table('postWords').toArray()).map((row) => [row.id, row.words]));
      existing.close();
      const bytes = JSON.stringify(rows).length;
      const timePut = async (name: string, spec: string, records: Record<string, unknown>[]) => {
        const db = new Dexie(name);
        db.version(1).stores({ posts: spec });
        await db.open();
        const started = performance.now();
        await db.table('posts').bulkPut(records);
        const took = performance.now() - started;
        await db.delete();
        return took;
      };
      const sameStore = await timePut(`bench-raw-${run}`, store, rows);
      const v1Rows = rows.map((row) => ({ ...row, _words: words.get(row.id) ?? [] }));
      const v1Store = await timePut(`bench-raw-v1-${run}`, storeV1, v1Rows);
      return { sameStore, v1Store, rows: rows.length, indexed: words.size, bytes };
    },
    { source, store: postsStore, storeV1: postsStoreV1, run },
  );
}
