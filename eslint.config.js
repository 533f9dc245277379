import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginLingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Server feature modules: the folders of server/ with a `module.ts` (server/feature.ts). The
 * core (everything else) may not import them, except the one registry (server/features.ts);
 * a feature may not import another. Computed from the file system, so a new feature is
 * covered without editing this file.
 */
const serverFeatures = readdirSync('server', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`server/${entry.name}/module.ts`))
  .map((entry) => entry.name);

const serverBoundaries = [
  {
    files: ['server/**/*.ts'],
    ignores: [...serverFeatures.map((name) => `server/${name}/**`), 'server/features.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: serverFeatures.map((name) => ({
            group: [`**/${name}/*`, `./${name}/*`],
            message: `The server core imports no feature (${name}): take what you need as an argument from server/features.ts.`,
          })),
        },
      ],
    },
  },
  ...serverFeatures.map((name) => ({
    files: [`server/${name}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: serverFeatures
            .filter((other) => other !== name)
            .map((other) => ({ group: [`**/${other}/*`], message: `A feature imports no other feature (${other}): share through the core.` })),
        },
      ],
    },
  })),
];

// ---------------------------------------------------------------------------------------
// src/: the direction of imports between the core and the feature modules
// (docs/architecture.md, "Feature modules"). A feature module is a folder of src/features with a
// `module.ts`; the list is read from the disk, so a new feature is covered as it lands.
//   - The core (src/db, src/sync, src/api, src/ui, src/session, src/features/outbox and
//     every other folder of src/features without a module.ts, …) imports no feature module
//     and not the registry that lists them (src/registry): features are handed to it.
//   - A feature module imports no other folder of src/features, and neither the app nor
//     the registry (they import it).
//   - Only the composition roots import features: src/app, src/main.tsx and src/registry
//     (which takes just each feature's module.ts and ui.tsx).
//   - The sync worker reaches features only through src/registry/dataModules.ts.
// Every block below repeats the "one door" paths (dexie, ky): a later block's
// `no-restricted-imports` replaces an earlier one's options.
// ---------------------------------------------------------------------------------------
const featuresDir = new URL('./src/features/', import.meta.url);
const featureFolders = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureModules = featureFolders.filter((name) => existsSync(new URL(`${name}/module.ts`, featuresDir)));
const alternatives = (names) => names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');

/** zod runs jitless in the browser (no eval under the CSP): always through contract/zod.ts. */
const zodDoor = { name: 'zod', message: 'Import z from contract/zod.ts (jitless in the browser: no eval under the CSP).', allowTypeImports: true };
const doors = [
  // Types are no door: a module types its tables with Dexie's.
  { name: 'dexie', message: 'IndexedDB is reached only through src/db.', allowTypeImports: true },
  { name: 'ky', message: 'HTTP goes through src/api/client.' },
  zodDoor,
];
const restrictImports = ({ paths = doors, patterns = [] }) => ({
  'no-restricted-imports': ['error', { paths, patterns }],
});
const coreMessage = 'The core imports no feature module (docs/architecture.md): the app hands features to it (src/registry, src/app).';
const corePatterns = [
  ...(featureModules.length > 0 ? [{ regex: `^(\\.\\./)+(features/)?(${alternatives(featureModules)})(/|$)`, message: coreMessage }] : []),
  { regex: '^(\\.\\./)+registry(/|$)', message: coreMessage },
];
/** For a file `depth` folders below src/features/<feature>/. */
const featurePatterns = (feature, depth) => {
  const up = (n) => `^(\\.\\./){${n}}`;
  const message = `A feature imports no other feature (${feature} → another folder of src/features); shared pieces go to a shared folder.`;
  return [
    { regex: `${up(depth + 1)}(?!\\.\\.(/|$)|${feature}(/|$))[^/]+`, message },
    { regex: `${up(depth + 2)}features/(?!${feature}(/|$))`, message },
    { regex: `${up(depth + 2)}(app|registry)(/|$)`, message: 'A feature does not import the app or the registry: they import it.' },
  ];
};
const boundaries = [
  { files: ['src/**/*.{ts,tsx}'], rules: restrictImports({ patterns: corePatterns }) },
  { files: ['src/db/**/*.ts', 'src/api/**/*.ts'], rules: restrictImports({ paths: [zodDoor], patterns: corePatterns }) },
  { files: ['contract/**/*.ts'], ignores: ['contract/zod.ts'], rules: restrictImports({ paths: [zodDoor] }) },
  { files: ['src/app/**/*.{ts,tsx}', 'src/main.tsx'], rules: restrictImports({}) },
  {
    files: ['src/registry/**/*.ts'],
    rules: restrictImports({
      patterns: [{ regex: '(^|/)features/[^/]+/(?!(module|ui)$)', message: 'The registry lists each feature by its module.ts and ui.tsx only.' }],
    }),
  },
  ...featureModules.flatMap((feature) =>
    [0, 1, 2].map((depth) => ({
      files: [`src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: restrictImports({ patterns: featurePatterns(feature, depth) }),
    })),
  ),
  // What the sync worker loads: no screens (its tsconfig has no JSX or DOM either).
  ...featureModules.map((feature) => ({
    files: [`src/features/${feature}/module.ts`],
    rules: restrictImports({
      patterns: [
        ...featurePatterns(feature, 0),
        { regex: '^(react|react-dom|react-router-dom|dexie-react-hooks|@lingui/react)(/|$)', message: 'module.ts is loaded by the sync worker: no React.' },
        { regex: '^\\./(ui|routes)$|^\\./(use)?[A-Z]', caseSensitive: true, message: 'module.ts is loaded by the sync worker: no screens or hooks.' },
      ],
    }),
  })),
  {
    files: ['workers/**/*.ts'],
    rules: restrictImports({
      paths: [zodDoor],
      patterns: [{ regex: '(^|/)src/(features|app)/|(^|/)registry/uiModules$', message: 'The worker reaches features only through src/registry/dataModules.ts.' }],
    }),
  },
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
      // One door to each outside thing (docs/architecture.md); imports: `boundaries` above.
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'HTTP goes through src/api/client.' },
      ],
    },
  },
  {
    files: ['src/db/**/*.ts', 'src/api/**/*.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  // Core ↔ feature boundaries and the one-door imports (see the block comment at the top).
  ...boundaries,
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
      // No literal UI strings (every text through Lingui): a string with a capital letter or a space
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
  ...serverBoundaries,
);
