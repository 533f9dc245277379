import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import pluginLingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------
// Import boundaries (docs/architecture.md has the layers). `import-x/no-restricted-paths`
// checks the file each import RESOLVES to (TypeScript's resolution), for static imports,
// `export … from` and lazy `import('…')` alike (type-only imports count too), so no spelling
// of a relative path gets around a rule. The feature lists are read from the disk: a new
// feature is covered as it lands.
//
// Sides
//   - contract/ is shared by the server and the device: it imports nothing of src/, server/
//     or workers/. server/ imports nothing of src/ or workers/, and they nothing of server/.
// Server: a feature is a folder of server/ with a `module.ts` (server/feature.ts)
//   - The core (every other file and folder of server/) imports no feature: only the one
//     registry, server/features.ts, does. A feature imports no other feature.
// Device: a feature is a folder of src/features with a `module.ts` (its data, loaded by the
// sync worker too) or a `ui.tsx` (its screens), registered in src/registry
//   - The core (src/db, src/sync, src/api, src/ui, src/session, src/tenant, src/storage, …
//     and the folders of src/features that are no feature: auth, outbox, …) imports no
//     feature and not src/registry: features are handed to it.
//   - A feature imports no other folder of src/features, and not src/registry.
//   - Nothing but src/main.tsx imports src/app, the composition of it all (so src/tenant
//     does not). Only the composition roots, src/app, src/main.tsx and src/registry, import
//     features, and the registry takes each feature's module.ts and ui.tsx only.
//   - workers/ reach features only through src/registry/dataModules.ts.
//   - What the workers load (their import graph, lazy imports included, read below) and the
//     sync engine (src/sync/engine) are DOM-free: no React (react, react-dom, react-router,
//     dexie-react-hooks, @lingui/react), nothing of src/app or src/ui, no screen (.tsx) and
//     no hook (use*.ts). This is what keeps a feature's module.ts free of screens.
//   - The bottom of the device's core: src/db imports nothing of src/ (contract/ only), and
//     src/api only src/storage (not src/session: the token lives in src/storage).
// One door to each outside thing (`no-restricted-imports` and the lazy form in
// `no-restricted-syntax`, below): dexie only in src/db and workers/ (its types anywhere),
// ky only in src/api, zod through contract/zod.ts (jitless in the browser: no eval under
// the CSP).
// `import-x/no-cycle`: no import cycle in src/, server/, workers/ or contract/ (type-only
// imports aside).
// ---------------------------------------------------------------------------------------
const root = import.meta.dirname;
const at = (...parts) => join(root, ...parts);
const entries = (dir) => readdirSync(at(dir), { withFileTypes: true });
const folders = (dir) =>
  entries(dir)
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const under = (dir) => (names) => names.map((name) => `${dir}/${name}`);

const serverFeatures = folders('server').filter((name) => existsSync(at('server', name, 'module.ts')));
const serverCore = entries('server')
  .map((entry) => entry.name)
  .filter((name) => !serverFeatures.includes(name) && name !== 'features.ts');

const srcFeatureFolders = folders('src/features');
const srcFeatures = srcFeatureFolders.filter((name) => existsSync(at('src/features', name, 'module.ts')) || existsSync(at('src/features', name, 'ui.tsx')));
const srcEntries = entries('src').map((entry) => entry.name);
const srcCore = [
  ...under('src')(srcEntries.filter((name) => !['app', 'main.tsx', 'registry', 'features'].includes(name))),
  ...under('src/features')(srcFeatureFolders.filter((name) => !srcFeatures.includes(name))),
];
const srcExcept = (...kept) => under('src')(srcEntries.filter((name) => !kept.includes(name)));

/** The files the workers load: their import graph through relative imports, lazy ones included. */
function workerGraph() {
  const seen = new Set();
  const queue = entries('workers')
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => at('workers', entry.name));
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = join(dirname(file), fileName);
      const found = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((ending) => base + ending).find((path) => existsSync(path) && statSync(path).isFile());
      if (found) queue.push(found);
    }
  }
  return [...seen].map((file) => relative(root, file));
}
const domFree = ['src/sync/engine', ...workerGraph()];
const react = ['react', 'react-dom', 'react-router', 'react-router-dom', 'dexie-react-hooks', '@lingui/react', '@types/react', '@types/react-dom'];

const zones = [
  { target: 'contract', from: ['src', 'server', 'workers'], message: 'contract/ is shared by the server and the device: it imports neither.' },
  { target: 'server', from: ['src', 'workers'], message: 'The server imports nothing of the device: share through contract/.' },
  { target: ['src', 'workers'], from: 'server', message: 'The device imports nothing of the server: share through contract/.' },
  {
    target: under('server')(serverCore),
    from: under('server')(serverFeatures),
    message: 'The server core imports no feature: take what you need as an argument from server/features.ts.',
  },
  ...serverFeatures.map((name) => ({
    target: `server/${name}`,
    from: under('server')(serverFeatures.filter((other) => other !== name)),
    message: 'A feature imports no other feature: share through the core.',
  })),
  {
    target: srcCore,
    from: [...under('src/features')(srcFeatures), 'src/registry'],
    message: 'The core imports no feature module and not the registry: the app hands features to it (src/registry, src/app).',
  },
  ...srcFeatures.map((name) => ({
    target: `src/features/${name}`,
    from: [...under('src/features')(srcFeatureFolders.filter((other) => other !== name)), 'src/registry'],
    message: 'A feature imports no other folder of src/features (shared pieces go to the core), and not the registry (it imports the feature).',
  })),
  {
    target: [...srcCore, ...under('src/features')(srcFeatures), 'src/registry', 'workers'],
    from: 'src/app',
    message: 'Only src/main.tsx imports src/app: nothing builds on the composition.',
  },
  {
    target: 'src/registry',
    from: 'src/features/**',
    except: [at('src/features/*/module.ts'), at('src/features/*/ui.tsx')],
    message: 'The registry lists each feature by its module.ts and ui.tsx only.',
  },
  { target: 'workers', from: ['src/features', 'src/registry/uiModules.ts'], message: 'The workers reach features only through src/registry/dataModules.ts.' },
  {
    target: domFree,
    from: [...under('node_modules')(react), 'src/app', 'src/ui'],
    message: 'The workers load this (or it is the sync engine): no React, nothing of src/app or src/ui.',
  },
  { target: domFree, from: ['src/**/*.tsx', 'src/**/use[A-Z]*.ts'], message: 'The workers load this: no screens or hooks.' },
  { target: 'src/db', from: srcExcept('db'), message: 'src/db is the bottom of the device: it imports only contract/.' },
  {
    target: 'src/api',
    from: srcExcept('api', 'storage'),
    message: 'src/api is the bottom of the device: it imports only contract/ and src/storage (not src/session).',
  },
];

const importBoundaries = {
  files: ['{src,server,workers,contract}/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [
      // No tsconfig has `paths`: the root one resolves every side's imports alike.
      createTypeScriptImportResolver({ alwaysTryTypes: true, project: at('tsconfig.json') }),
    ],
    'import-x/extensions': ['.ts', '.tsx', '.js'],
  },
  rules: {
    'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    // Type-only imports do not count; about 5 s of CPU for the whole tree.
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};

/** The packages with one door each (the block comment above). */
const doorOf = {
  // Types are no door: a module types its tables with Dexie's.
  dexie: { name: 'dexie', message: 'IndexedDB is reached only through src/db.', allowTypeImports: true },
  ky: { name: 'ky', message: 'HTTP goes through src/api/client.' },
  zod: { name: 'zod', message: 'Import z from contract/zod.ts (jitless in the browser: no eval under the CSP).', allowTypeImports: true },
};
/** A later block's `no-restricted-imports` replaces an earlier one's, so each names all its doors. */
const doors = (...names) => ({ 'no-restricted-imports': ['error', { paths: names.map((name) => doorOf[name]) }] });
const oneDoor = [
  { files: ['src/**/*.{ts,tsx}'], rules: doors('dexie', 'ky', 'zod') },
  { files: ['src/db/**/*.{ts,tsx}'], rules: doors('ky', 'zod') },
  { files: ['src/api/**/*.ts'], rules: doors('dexie', 'zod') },
  { files: ['workers/**/*.ts'], rules: doors('ky', 'zod') },
  { files: ['contract/**/*.ts'], ignores: ['contract/zod.ts'], rules: doors('zod') },
];

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/locales', '.tmp'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          // A template without placeholders would get past the import boundaries, which read strings only.
          selector: 'ImportExpression[source.type="TemplateLiteral"][source.expressions.length=0]',
          message: "Write a lazy import's path as a plain string.",
        },
        {
          selector: 'ImportExpression[source.value=/^(dexie|ky|zod)$/]',
          message: 'dexie, ky and zod are imported statically, each through its door (src/db, src/api/client, contract/zod.ts).',
        },
      ],
    },
  },
  {
    // Config files are read by tools that expect a default export.
    files: ['*.config.ts', '*.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One door to each outside thing; imports: `oneDoor` above.
      'no-restricted-globals': ['error', { name: 'fetch', message: 'HTTP goes through src/api/client.' }],
    },
  },
  {
    files: ['src/db/**/*.ts', 'src/api/**/*.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  // Import boundaries and the one-door imports (see the block comment at the top).
  importBoundaries,
  ...oneDoor,
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    ...pluginLingui.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { lingui: pluginLingui },
    rules: {
      // No literal UI strings (docs/architecture.md): a string with a capital letter or a space
      // must come from Lingui; keys, paths, ids and class names pass.
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_-]+$', '^[a-z][\\w-]*( [a-z][\\w:/-]*)*$'],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
            'type',
            'id',
            'key',
            'href',
            'to',
            'src',
            'rel',
            'as',
            'name',
            'role',
            'method',
            'autoComplete',
            'inputMode',
            'dir',
            'lang',
            'displayName',
            'Authorization',
          ],
          ignoreFunctions: [
            'Error',
            'TypeError',
            'console.*',
            '*.addEventListener',
            '*.removeEventListener',
            '*.postMessage',
            '*.getItem',
            '*.setItem',
            '*.removeItem',
            '*.querySelector',
            '*.querySelectorAll',
            '*.setAttribute',
            '*.getAttribute',
            '*.toggle',
            '*.add',
            '*.remove',
            '*.includes',
            '*.startsWith',
            '*.endsWith',
            'matchMedia',
            'window.matchMedia',
            'navigate',
            'reportStartupFailure',
          ],
          ignoreMethodsOnTypes: ['Map.get', 'Map.has', 'Set.has'],
          useTsTypes: true,
        },
      ],
    },
  },
);
