import { existsSync } from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js fire: planted snippets, linted as if they were
 * files of the tree, with the project's own config. Only the import rules run, without type
 * information, so no TypeScript program is built; no-cycle (which reads every file a snippet
 * reaches) only in its own test.
 */
const importRules = new Set(['import-x/no-restricted-paths', 'no-restricted-imports', 'no-restricted-syntax']);
const linter = (rules: Set<string>) =>
  new ESLint({
    // The tests run from the repository's root (vitest.config.ts), where the config lives.
    cwd: process.cwd(),
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
    ruleFilter: ({ ruleId }) => rules.has(ruleId),
  });
const eslint = linter(importRules);
const cycles = linter(new Set(['import-x/no-cycle']));

/** The rules that report on `code` as the file `filePath`, with their messages. */
async function lint(filePath: string, code: string, by = eslint): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await by.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => ({ rule: message.ruleId, message: message.message }));
}

const boundary = 'import-x/no-restricted-paths';

// The files the snippets import: a rule only sees an import it can resolve to a file.
const imported = [
  'src/features/events/ui.tsx',
  'src/features/events/module.ts',
  'src/features/posts/module.ts',
  'src/features/posts/ui.tsx',
  'src/features/posts/PostListScreen.tsx',
  'src/session/session.ts',
  'src/storage/tokenStorage.ts',
  'src/db/database.ts',
  'src/app/router.tsx',
  'server/posts/module.ts',
  'server/events/module.ts',
  'server/config.ts',
  'contract/ids.ts',
];

beforeAll(async () => {
  for (const file of imported) expect(existsSync(file), file).toBe(true);
  // Loads the config (and its resolver) once, outside the tests' own time limit.
  await Promise.all([lint('src/ui/warmUp.ts', 'export {};'), lint('src/ui/warmUp.ts', 'export {};', cycles)]);
}, 60_000);

describe('the import boundaries', () => {
  it.each([
    ['a feature lazily importing another feature', 'src/features/posts/planted.ts', "export const open = () => import('../events/ui');"],
    ['a feature re-exporting another feature', 'src/features/posts/planted.ts', "export { eventsData } from '../../features/events/module';"],
    ['the core importing a feature', 'src/sync/planted.ts', "import { postsData } from '../features/posts/module';\nexport const data = postsData;"],
    ['src/api importing src/session', 'src/api/planted.ts', "import { session } from '../session/session';\nexport const current = session;"],
    ['the sync engine importing React', 'src/sync/engine/planted.ts', "import { useState } from 'react';\nexport const hook = useState;"],
    ['the sync engine importing React types', 'src/sync/engine/planted.ts', "import type { ReactNode } from 'react';\nexport type Node = ReactNode;"],
    [
      "a feature's module.ts (loaded by the worker) importing a screen",
      'src/features/posts/module.ts',
      "export const screen = () => import('./PostListScreen');",
    ],
    ['src/tenant importing src/app', 'src/tenant/planted.ts', "export const router = () => import('../app/router');"],
    ['the registry importing a screen', 'src/registry/planted.ts', "export const screen = () => import('../features/posts/PostListScreen');"],
    [
      'the server core importing a server feature',
      'server/sync/planted.ts',
      "import { postsModule } from '../posts/module';\nexport const posts = postsModule;",
    ],
    ['a server feature importing another', 'server/posts/planted.ts', "export const events = () => import('../events/module');"],
    ['the server importing the device', 'server/planted.ts', "import type { PatioDb } from '../src/db/database';\nexport type Db = PatioDb;"],
    ['contract/ importing the server', 'contract/planted.ts', "import { defaultConfig } from '../server/config';\nexport const config = defaultConfig;"],
  ])('refuses %s', async (_what, filePath, code) => {
    expect((await lint(filePath, code)).map((report) => report.rule)).toEqual([boundary]);
  });

  it.each([
    [
      'the app importing a feature, eagerly and lazily',
      'src/app/planted.ts',
      "import { postsUi } from '../features/posts/ui';\nexport const uis = [postsUi, () => import('../features/events/ui')];",
    ],
    ['the registry importing a module.ts', 'src/registry/planted.ts', "export { postsData } from '../features/posts/module';"],
    [
      'a feature importing the core',
      'src/features/posts/planted.ts',
      "import { readToken } from '../../storage/tokenStorage';\nexport const token = readToken;",
    ],
    [
      'src/api importing src/storage and contract/',
      'src/api/planted.ts',
      "import { readToken } from '../storage/tokenStorage';\nimport { uuidv7 } from '../../contract/ids';\nexport const both = [readToken, uuidv7];",
    ],
    ['a server feature importing the server core', 'server/posts/planted.ts', "export const config = () => import('../config');"],
  ])('allows %s', async (_what, filePath, code) => {
    expect(await lint(filePath, code)).toEqual([]);
  });

  it('refuses a lazy import whose path is a template, which the boundaries would not read', async () => {
    expect((await lint('src/features/posts/planted.ts', 'export const open = () => import(`../events/ui`);')).map((r) => r.rule)).toEqual([
      'no-restricted-syntax',
    ]);
  });

  it('refuses an import cycle', async () => {
    // src/ui/StartingUp.tsx imports ./Spinner: Spinner importing it back closes a cycle.
    const reports = await lint('src/ui/Spinner.tsx', "import { StartingUp } from './StartingUp';\nexport const Spinner = () => StartingUp;", cycles);
    expect(reports.map((report) => report.rule)).toEqual(['import-x/no-cycle']);
  });

  it('keeps dexie, ky and zod behind their doors, lazy imports included', async () => {
    expect((await lint('src/features/posts/planted.ts', "import { Dexie } from 'dexie';\nexport const db = Dexie;")).map((r) => r.rule)).toEqual([
      'no-restricted-imports',
    ]);
    expect((await lint('src/features/posts/planted.ts', "export const http = () => import('ky');")).map((r) => r.rule)).toEqual(['no-restricted-syntax']);
    expect(await lint('src/features/posts/planted.ts', "import type { Table } from 'dexie';\nexport type Rows = Table;")).toEqual([]);
  });
});
