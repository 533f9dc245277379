import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../contract/ids';
import { databaseName, PatioDb } from '../../../src/db/database';
import { countUnsent } from '../../../src/db/lifecycle';
import { localSchema } from '../../../src/db/localSchema';
import { metaKeys } from '../../../src/db/syncMeta';
import { postsDb } from '../../../src/features/posts/postsDb';
import { dataModules } from '../../../src/registry/dataModules';
import { shippedSchemas } from './shippedSchemas';

const { versions, latestVersion } = localSchema(dataModules);

/** A database as an installed app at `version` made it (stores copied, never imported). */
function shippedDb(name: string, version: number): Dexie {
  const db = new Dexie(name);
  db.version(version).stores({ ...shippedSchemas[version] });
  return db;
}

function tableShapes(db: Dexie) {
  return db.tables
    .map((table) => ({ name: table.name, key: table.schema.primKey.src, indexes: table.schema.indexes.map((index) => index.src).sort() }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const olderVersions = versions.map((v) => v.version).filter((version) => version < latestVersion);

describe('the schema history', () => {
  it('is, version by version, exactly the stores that shipped', () => {
    const cumulative: Record<string, string> = {};
    for (const { version, stores } of versions) {
      for (const [table, spec] of Object.entries(stores)) {
        if (spec === null) delete cumulative[table];
        else cumulative[table] = spec;
      }
      expect(shippedSchemas[version], `add version ${version} to tests/unit/sync/shippedSchemas.ts`).toBeDefined();
      expect({ ...cumulative }, `version ${version}`).toEqual(shippedSchemas[version]);
    }
  });

  it('makes a new database with the same IndexedDB schema as the latest shipped version', async () => {
    const name = `patio-schema-${uuidv7()}`;
    const db = new PatioDb(name, dataModules);
    await db.open();
    expect(db.verno).toBe(latestVersion);
    const made = tableShapes(db);
    db.close();
    const reference = shippedDb(`patio-schema-${uuidv7()}`, latestVersion);
    await reference.open();
    expect(made).toEqual(tableShapes(reference));
    reference.close();
  });

  it.each(olderVersions)('upgrades a version %i database to the current version, keeping its rows and queue', async (version) => {
    const name = `patio-schema-${uuidv7()}`;
    const shipped = shippedDb(name, version);
    await shipped.table('meta').put({ key: metaKeys.cursor, value: 'c7' });
    await shipped.table('categories').put({ id: 'cat1', slug: 'noticias', name: 'Noticias', position: 1 });
    await shipped.table('outbox').add({
      id: uuidv7(),
      name: 'posts.update',
      args: { id: 'p1' },
      entity: 'posts',
      entityId: 'p1',
      status: 'attention',
      attempts: 1,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    shipped.close();

    const db = postsDb(new PatioDb(name, dataModules));
    await db.open();
    expect(db.verno).toBe(latestVersion);
    expect((await db.meta.get(metaKeys.cursor))?.value).toBe('c7');
    expect(await db.categories.get('cat1')).toMatchObject({ slug: 'noticias' });
    expect(await db.outbox.where('status').equals('attention').count()).toBe(1);
    const upgraded = tableShapes(db);
    db.close();
    const reference = shippedDb(`patio-schema-${uuidv7()}`, latestVersion);
    await reference.open();
    expect(upgraded).toEqual(tableShapes(reference));
    reference.close();
  });

  it('version 3: a view queued by an older app becomes a background entry, a refused one goes, and post stats can be stored', async () => {
    const userId = uuidv7();
    const name = databaseName('schema', userId);
    const shipped = shippedDb(name, 2);
    await shipped.table('outbox').bulkAdd([
      {
        id: uuidv7(),
        name: 'posts.view',
        args: { post_id: 'p1' },
        entity: 'viewedPosts',
        entityId: 'p1',
        status: 'queued',
        attempts: 0,
        createdAt: '2026-03-01T10:00:00.000Z',
      },
      {
        id: uuidv7(),
        name: 'posts.delete',
        args: { id: 'p2' },
        entity: 'posts',
        entityId: 'p2',
        status: 'queued',
        attempts: 0,
        createdAt: '2026-03-01T10:00:00.000Z',
      },
      {
        id: uuidv7(),
        name: 'posts.view',
        args: { post_id: 'p3' },
        entity: 'viewedPosts',
        entityId: 'p3',
        status: 'attention',
        attempts: 1,
        error: { status: 404, message: 'Post not found.' },
        createdAt: '2026-03-01T10:00:00.000Z',
      },
    ]);
    shipped.close();
    // Before the upgrade, a forced sign-out would count the old view (the safe side).
    expect(await countUnsent('schema', userId)).toBe(3);

    const db = postsDb(new PatioDb(name, dataModules));
    await db.open();
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => [entry.name, entry.background])).toEqual([
      ['posts.view', true],
      ['posts.delete', undefined],
    ]);
    await db.postStats.put({ id: 'p1', views: 12 });
    expect(await db.postStats.get('p1')).toEqual({ id: 'p1', views: 12 });
    db.close();
    expect(await countUnsent('schema', userId)).toBe(1);
  });
});

describe('what the feed of an upgraded database stands for', () => {
  it('records, once, the entities whose tables the older app had, so the sync catches up on the others', async () => {
    const userId = uuidv7();
    const name = databaseName('coverage', userId);
    const shipped = shippedDb(name, 5);
    await shipped.table('meta').put({ key: metaKeys.cursor, value: 'a-cursor' });
    shipped.close();

    const db = new PatioDb(name, dataModules);
    await db.open();
    const covered = (await db.meta.get(metaKeys.syncedEntities))!.value as string[];
    // Version 5 had posts and events; notifications (6) and documents (7) came after.
    expect(covered).toEqual(expect.arrayContaining(['posts', 'categories', 'events', 'courses']));
    expect(covered).not.toContain('notifications');
    expect(covered).not.toContain('documents');
    db.close();
  });

  it('records nothing for a database that never synced (its first pull covers everything)', async () => {
    const name = databaseName('coverage', uuidv7());
    shippedDb(name, 6).close();
    const db = new PatioDb(name, dataModules);
    await db.open();
    expect(await db.meta.get(metaKeys.syncedEntities)).toBeUndefined();
    db.close();
  });
});
