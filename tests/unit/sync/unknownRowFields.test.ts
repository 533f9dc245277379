// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataModules } from '../../../src/registry/dataModules';
import { createSyncApi, createSyncHttp } from '../../../src/sync/engine/syncApi';
import { startLiveServer, type LiveServer } from './syncTestKit';

let server: LiveServer;

beforeAll(async () => {
  server = await startLiveServer();
}, 60_000);

afterAll(() => server.close());

/** The first row of each entity an administrator pulls from the seeded college, by entity name. */
async function pulledRows(): Promise<Map<string, Record<string, unknown>>> {
  const token = await server.tokenOf('admin');
  const api = createSyncApi(createSyncHttp({ getToken: () => token, prefix: `${server.origin}/` }));
  const rows = new Map<string, Record<string, unknown>>();
  let cursor: string | undefined;
  for (;;) {
    const page = await api.pull(cursor, 1000);
    for (const change of page.changes) if (change.op === 'upsert' && !rows.has(change.entity)) rows.set(change.entity, change.row);
    cursor = page.cursor;
    if (!page.hasMore) return rows;
  }
}

describe('rows from a later server release', () => {
  it('are stored without the fields this app does not know, by every entity’s parser', async () => {
    const rows = await pulledRows();
    const entities = dataModules.flatMap((module) => Object.entries(module.entities ?? {}));
    let checked = 0;
    for (const [name, entity] of entities) {
      const row = rows.get(name);
      if (!row) continue;
      const parse = await entity.toLocal();
      const today = parse(row);
      expect(today, name).not.toBeNull();
      const later = parse({ ...row, added_by_a_later_release: { nested: [1, 2, 3] }, another_flag: true });
      expect(later, name).toEqual(today);
      checked++;
    }
    // The seeded college has rows of the main entities at least (posts, categories, sections…).
    expect(rows.has('posts')).toBe(true);
    expect(checked).toBe([...rows.keys()].filter((name) => entities.some(([known]) => known === name)).length);
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
