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
      // One door to each outside thing (STYLE.md §2).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'dexie', message: 'IndexedDB is reached only through src/db.' },
            { name: 'ky', message: 'HTTP goes through src/api/client.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'HTTP goes through src/api/client.' },
      ],
    },
  },
  {
    files: ['src/db/**/*.ts', 'src/api/**/*.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' },
  },
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
      // No literal UI strings (STYLE.md §11): a string with a capital letter or a space
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
