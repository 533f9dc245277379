import { Dexie, type EntityTable } from 'dexie';
import type { Course, Grade, Place, Section } from '../../contract/college';
import type { MutationError } from '../../contract/sync';
import type { DataModule } from './dataModule';
import { localSchema, type LocalSchema } from './localSchema';

/**
 * The local database of one user of one college (a shared school computer must never show
 * the previous user's data): `patio-<college slug>-<user id>`.
 *
 * THE SCHEMA IS A CONTRACT WITH EVERY INSTALLED DEVICE. It is built from the data modules
 * (src/registry/dataModules.ts, the one list the app and the worker share): never change
 * a shipped version's stores; a module adds the next version number with an upgrade, and a
 * test opens a database of the previous version and upgrades it
 * (tests/unit/sync/localDatabase.test.ts, "the schema").
 */

export type OutboxStatus = 'queued' | 'sending' | 'attention';

/**
 * The row an outbox entry changed, as it was before (null: there was none, the entry
 * creates it). Discarding the entry puts it back. A server version of the row that arrives
 * while the entry waits replaces it (src/sync/engine/applyPage.ts), so a discard restores
 * the server's truth rather than a stale copy.
 */
export interface BeforeImage {
  row: Record<string, unknown> | null;
}

/** A change made on this device that the server has not answered yet. */
export interface OutboxEntry {
  /** Local order: the worker pushes in this order. */
  seq?: number;
  /** The mutation id (UUIDv7): the server applies it at most once. */
  id: string;
  name: string;
  args: unknown;
  /** The synced entity and row it changes, so screens can show "not sent" on the item. */
  entity: string;
  entityId: string;
  status: OutboxStatus;
  attempts: number;
  /** Why the server refused it (422/403/404/409), kept until the user fixes or discards. */
  error?: MutationError;
  createdAt: string;
  /** Absent when `entity` is not a local table (nothing to restore). */
  before?: BeforeImage;
  /** Not a change the user made (a view): never counted or listed as unsent (DataModule). */
  background?: boolean;
}

/** Small key/value facts: the pull cursor, sync status, initial sync progress. */
export interface MetaEntry {
  key: string;
  value: unknown;
}

/** The core tables, typed; a feature's tables are typed by its module (`DbWith`). */
export class PatioDb extends Dexie {
  places!: EntityTable<Place, 'id'>;
  courses!: EntityTable<Course, 'id'>;
  grades!: EntityTable<Grade, 'id'>;
  sections!: EntityTable<Section, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaEntry, 'key'>;
  /** What the modules declared: synced entities, search indexes, background mutations. */
  readonly registry: LocalSchema;

  constructor(name: string, modules: readonly DataModule[]) {
    super(name);
    this.registry = localSchema(modules);
    for (const { version, stores, upgrade } of this.registry.versions) {
      const declared = this.version(version).stores(stores);
      if (upgrade) declared.upgrade(upgrade);
    }
  }
}

/** A database whose modules add these typed tables (a feature's `<Feature>Db`). */
export type DbWith<Tables> = PatioDb & Tables;

/** Whether the server never has to hear of this entry as a user's change. */
export function isBackground(db: PatioDb, entry: OutboxEntry): boolean {
  return entry.background === true || db.registry.isBackgroundMutation(entry.name);
}

export function databaseName(collegeSlug: string, userId: string): string {
  return `patio-${collegeSlug}-${userId}`;
}
