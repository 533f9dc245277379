import type { Transaction } from 'dexie';
import { coreModule } from './coreModule';
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
  searchIndexes: readonly SearchIndex[];
  searchIndexOf(table: string): SearchIndex | undefined;
  isBackgroundMutation(name: string): boolean;
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

  const versions: SchemaVersion[] = [...byVersion.entries()]
    .sort(([a], [b]) => a - b)
    .map(([version, { stores, upgrades }]) => ({
      version,
      stores,
      ...(upgrades.length > 0
        ? {
            upgrade: async (tx: Transaction) => {
              for (const upgrade of upgrades) await upgrade(tx);
            },
          }
        : {}),
    }));
  const syncedTables = Array.from(new Set([...entities.values()].map((synced) => synced.table)));
  const schema: LocalSchema = {
    modules,
    versions,
    latestVersion: versions.at(-1)?.version ?? 0,
    syncedTables,
    entityOf: (entity) => entities.get(entity),
    syncedEntities: [...entities.values()],
    searchIndexes,
    searchIndexOf: (table) => searchIndexes.find((index) => index.table === table),
    isBackgroundMutation: (name) => background.has(name),
  };
  built.set(featureModules, schema);
  return schema;
}
