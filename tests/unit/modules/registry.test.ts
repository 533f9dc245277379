import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineDataModule } from '../../../src/db/dataModule';
import { localSchema } from '../../../src/db/localSchema';
import { dataModules } from '../../../src/registry/dataModules';
import { uiModules } from '../../../src/registry/uiModules';

// The tests run from the repository's root (vitest.config.ts).
const featuresDir = join(process.cwd(), 'src', 'features');
const folders = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const withFile = (file: string) => folders.filter((name) => existsSync(join(featuresDir, name, file))).sort();

describe('the feature registry', () => {
  it('registers every feature folder with a module.ts in the one data list, under the folder name', () => {
    expect(dataModules.map((module) => module.name).sort()).toEqual(withFile('module.ts'));
  });

  it('lists every feature folder with a ui.tsx in the UI list, each pointing at a registered data module', () => {
    expect(uiModules.map((module) => module.name).sort()).toEqual(withFile('ui.tsx'));
    const data = new Set(dataModules.map((module) => module.name));
    for (const module of uiModules) {
      if (module.data !== undefined) expect(data.has(module.data), `${module.name} → ${module.data}`).toBe(true);
    }
  });

  it('gives every outbox mutation to one module only', () => {
    const owners = new Map<string, string>();
    for (const module of uiModules) {
      for (const name of module.outbox?.mutations ?? []) {
        expect(owners.get(name), name).toBeUndefined();
        owners.set(name, module.name);
      }
    }
  });
});

describe('the local schema built from the modules', () => {
  it('merges the modules into one linear history, core tables first', () => {
    const schema = localSchema(dataModules);
    // Ascending from 1; a number may be skipped (two features developed at once each take one).
    const numbers = schema.versions.map((v) => v.version);
    expect(numbers[0]).toBe(1);
    expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
    expect(numbers.at(-1)).toBe(schema.latestVersion);
    expect(schema.modules[0]?.name).toBe('core');
    expect(schema.entityOf('posts')?.table).toBe('posts');
    expect(schema.entityOf('sections')?.table).toBe('sections');
    expect(schema.entityOf('polls')).toBeUndefined();
    expect(schema.isBackgroundMutation('posts.view')).toBe(true);
    expect(schema.isBackgroundMutation('posts.create')).toBe(false);
  });

  it('refuses a table declared by two modules, and an entity or index on a table of another module', () => {
    const polls = (stores: Record<string, string>, entity = 'polls', table = 'polls') =>
      defineDataModule({ name: 'polls', versions: { 4: { stores } }, entities: { [entity]: { table, toLocal: () => Promise.resolve(() => null) } } });
    expect(() => localSchema([...dataModules, polls({ posts: 'id' })])).toThrow('table posts of polls belongs to posts');
    expect(() => localSchema([...dataModules, polls({ polls: 'id' }, 'polls', 'outbox')])).toThrow('is not one of polls');
    expect(() => localSchema([...dataModules, polls({ polls: 'id' }, 'posts')])).toThrow('entity posts is declared twice');
    expect(() => localSchema([defineDataModule({ name: 'x', versions: { 0: { stores: { x: 'id' } } } })])).toThrow('bad schema version');
    const words = defineDataModule({
      name: 'docs',
      versions: { 4: { stores: { docs: 'id' } } },
      search: [{ table: 'docs', wordsTable: 'postWords', termsTable: 'docTerms', wordsOf: () => [] }],
    });
    expect(() => localSchema([...dataModules, words])).toThrow('table postWords is not one of docs');
  });
});
