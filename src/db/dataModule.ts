import type { Transaction } from 'dexie';
import type { z } from 'zod';

/**
 * What a feature tells the local database and the sync engine about its data (docs/architecture.md,
 * "Feature modules"). A feature's `module.ts` exports one; the single list of them is
 * src/registry/dataModules.ts, read by both the app and the sync worker, so the two can
 * never disagree on the schema. DOM- and React-free: the worker loads it.
 */
export interface DataModule {
  name: string;
  /**
   * The module's Dexie stores by GLOBAL schema version (one linear history shared by every
   * module, see src/db/localSchema.ts). A version lists only the tables it adds or changes
   * (`null` deletes one); its `upgrade` moves existing rows. Never change a shipped version:
   * add the next number, and a test that opens a database of the previous version.
   */
  versions: Readonly<Record<number, StoreVersion>>;
  /** Entities of the server's change feed this module stores, by entity name. */
  entities?: Readonly<Record<string, SyncedEntity>>;
  /** Tables searched by words, indexed by the sync engine after each pull run. */
  search?: readonly SearchIndex[];
  /**
   * Mutations the user did not "write" (reading a post): pushed in order like any other,
   * but never counted as unsent changes, never listed in the outbox, and dropped when the
   * server refuses them. Entries carry `background: true`; the name also counts, for
   * entries queued before the flag existed.
   */
  backgroundMutations?: readonly string[];
  /**
   * Tables whose rows are the member's work not on the server yet, apart from the outbox
   * (the files of the upload queue): counted with the unsent changes, so signing out warns
   * of them and a forced sign-out keeps the database for them.
   */
  unsentTables?: readonly string[];
}

export interface StoreVersion {
  stores: Readonly<Record<string, string | null>>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

export interface SyncedEntity {
  /** The local table the rows go to. */
  table: string;
  /**
   * Loads the row's contract and answers its parser: the server's row as stored locally,
   * null when it does not fit. Loaded when the sync engine first applies such a row (on its
   * worker), so the screens, which only read rows already checked, never load zod.
   */
  toLocal: () => Promise<RowParser>;
  /**
   * The rows' shape, raised when they gain a field an older app dropped (its parser strips
   * what it does not know, so its rows lack the field for good): devices pull the entity's
   * rows again once (src/sync/engine/pull.ts `catchUp`). Absent is 1.
   */
  shape?: number;
}

export type RowParser = (row: unknown) => Record<string, unknown> | null;

/**
 * A words index of one table (src/db/searchIndex.ts): `wordsTable` holds `{ id, words,
 * group }` rows (store spec `'id'`), `termsTable` the inverted postings (store spec
 * `'[word+group]'`). Pulls and local writes store their rows' words in their own
 * transaction; rows a reset keeps, or an upgrade that changes the index, wait in a queue
 * the engine indexes after its run.
 */
export interface SearchIndex {
  table: string;
  wordsTable: string;
  termsTable: string;
  /** Lower-cased, accent-free words of a row (src/db/searchWords.ts). */
  wordsOf: (row: Record<string, unknown>) => string[];
}

/** Typing help for a module's declaration. */
export function defineDataModule(module: DataModule): DataModule {
  return module;
}

/**
 * The one validation of a pulled row (the page's envelope checks only its `id`), by a
 * contract loaded on first use: `parsedBy(() => import('…/contract/posts').then((m) => m.post))`.
 * The load is made once; a failed one is tried again next time.
 */
export function parsedBy(loadSchema: () => Promise<z.ZodType<Record<string, unknown>>>): () => Promise<RowParser> {
  let parser: Promise<RowParser> | null = null;
  return () => {
    parser ??= loadSchema().then(
      (schema) => (row: unknown) => {
        const parsed = schema.safeParse(row);
        return parsed.success ? parsed.data : null;
      },
      (error: unknown) => {
        parser = null;
        throw error;
      },
    );
    return parser;
  };
}
