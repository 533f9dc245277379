import type { Transaction } from 'dexie';
import { coreModule } from './coreModule';
import { metaKeys } from './syncMeta';
import type { DataModule, SearchIndex, SyncedEntity } from './dataModule';

/** One step of the merged history: every module's stores and upgrades of that number. */
export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

/**
 * The local database as the modules declare it: one linear version history, the synced
 * entities, the search indexes and the background mutations. Built once per module list.
 */
export interface LocalSchema {
  modules: readonly DataModule[];
  versions: readonly SchemaVersion[];
  latestVersion: number;
  /** Every table that pulls fill (a reset empties them). */
  syncedTables: readonly string[];
  entityOf(entity: string): SyncedEntity | undefined;
  /** Every synced entity of every module. */
  syncedEntities: readonly SyncedEntity[];
  /** Their names (the server's), in module order. */
  entityNames: readonly string[];
  /**
   * What a feed must stand for to hold every row as this app stores it: each entity's name,
   * with `@<shape>` past shape 1 (`posts@2`). See SyncedEntity.shape.
   */
  entityKeys: readonly string[];
  searchIndexes: readonly SearchIndex[];
  searchIndexOf(table: string): SearchIndex | undefined;
  isBackgroundMutation(name: string): boolean;
  /** Every module's unsent tables (DataModule.unsentTables). */
  unsentTables: readonly string[];
}

const built = new WeakMap<readonly DataModule[], LocalSchema>();

/**
 * Merges the modules (after the core) into one schema. A table belongs to the one module
 * that first declares it; another module declaring it is a programming error, and so is a
 * version number that is not a positive integer. Within a version, upgrades run in module
 * order (the core first).
 */
export function localSchema(featureModules: readonly DataModule[]): LocalSchema {
  const cached = built.get(featureModules);
  if (cached) return cached;
  const modules = [coreModule, ...featureModules.filter((module) => module !== coreModule)];
  const names = new Set<string>();
  const owners = new Map<string, string>();
  const byVersion = new Map<number, { stores: Record<string, string | null>; upgrades: ((tx: Transaction) => Promise<void>)[] }>();
  const entities = new Map<string, SyncedEntity>();
  const searchIndexes: SearchIndex[] = [];
  const background = new Set<string>();

  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`data module ${module.name} is listed twice`);
    names.add(module.name);
    for (const [key, step] of Object.entries(module.versions)) {
      const version = Number(key);
      if (!Number.isInteger(version) || version < 1) throw new Error(`data module ${module.name}: bad schema version ${key}`);
      let merged = byVersion.get(version);
      if (!merged) byVersion.set(version, (merged = { stores: {}, upgrades: [] }));
      for (const [table, spec] of Object.entries(step.stores)) {
        const owner = owners.get(table);
        if (owner !== undefined && owner !== module.name) throw new Error(`table ${table} of ${module.name} belongs to ${owner}`);
        owners.set(table, module.name);
        merged.stores[table] = spec;
      }
      if (step.upgrade) merged.upgrades.push(step.upgrade);
    }
    for (const [entity, synced] of Object.entries(module.entities ?? {})) {
      if (entities.has(entity)) throw new Error(`entity ${entity} is declared twice`);
      if (owners.get(synced.table) !== module.name) throw new Error(`entity ${entity}: table ${synced.table} is not one of ${module.name}'s`);
      entities.set(entity, synced);
    }
    for (const index of module.search ?? []) {
      for (const table of [index.table, index.wordsTable, index.termsTable]) {
        if (owners.get(table) !== module.name) throw new Error(`search index: table ${table} is not one of ${module.name}'s`);
      }
      searchIndexes.push(index);
    }
    for (const name of module.backgroundMutations ?? []) background.add(name);
  }

  // The tables each version has (cumulative), for the coverage of the feed (below).
  const tablesAt = new Map<number, Set<string>>();
  const have = new Set<string>();
  for (const [version, { stores }] of [...byVersion.entries()].sort(([a], [b]) => a - b)) {
    for (const [table, spec] of Object.entries(stores)) {
      if (spec === null) have.delete(table);
      else have.add(table);
    }
    tablesAt.set(version, new Set(have));
  }
  let previous: Set<string> = new Set();
  const versions: SchemaVersion[] = [...byVersion.entries()]
    .sort(([a], [b]) => a - b)
    .map(([version, { stores, upgrades }]) => {
      // What a database of the version before this one synced: the entities whose tables
      // it had. Upgrades run only for a database that exists, so this records, once, what
      // the cursor of an app older than `syncedEntities` stood for (pull.ts `catchUp`).
      const before = [...entities.entries()].filter(([, synced]) => previous.has(synced.table)).map(([name]) => name);
      previous = tablesAt.get(version)!;
      const steps = [(tx: Transaction) => recordCoverage(tx, before), ...upgrades];
      return {
        version,
        stores,
        upgrade: async (tx: Transaction) => {
          for (const step of steps) await step(tx);
        },
      };
    });
  const syncedTables = Array.from(new Set([...entities.values()].map((synced) => synced.table)));
  const schema: LocalSchema = {
    modules,
    versions,
    latestVersion: versions.at(-1)?.version ?? 0,
    syncedTables,
    entityOf: (entity) => entities.get(entity),
    syncedEntities: [...entities.values()],
    entityNames: [...entities.keys()],
    entityKeys: [...entities.entries()].map(([name, synced]) => entityKey(name, synced)),
    searchIndexes,
    searchIndexOf: (table) => searchIndexes.find((index) => index.table === table),
    isBackgroundMutation: (name) => background.has(name),
    unsentTables: modules.flatMap((module) => module.unsentTables ?? []),
  };
  built.set(featureModules, schema);
  return schema;
}

/**
 * A database upgraded from before the feed recorded its entities (`syncedEntities`, written
 * with every cursor since) holds rows of the entities its tables had: recorded here so the
 * entities added since are caught up on. A database without a cursor has nothing to catch up.
 */
async function recordCoverage(tx: Transaction, entitiesBefore: readonly string[]): Promise<void> {
  if (!tx.storeNames.includes('meta')) return;
  const meta = tx.table<{ key: string; value: unknown }, string>('meta');
  const [cursor, recorded] = await Promise.all([meta.get(metaKeys.cursor), meta.get(metaKeys.syncedEntities)]);
  if (cursor === undefined || recorded !== undefined) return;
  await meta.put({ key: metaKeys.syncedEntities, value: entitiesBefore });
}

/** A feed's record of an entity: its name, and its shape past the first (SyncedEntity.shape). */
export function entityKey(name: string, synced: SyncedEntity): string {
  return (synced.shape ?? 1) > 1 ? `${name}@${synced.shape}` : name;
}

/** The entity a record names (`posts@2` → `posts`). */
export function entityOfKey(key: string): string {
  return key.split('@')[0]!;
}
