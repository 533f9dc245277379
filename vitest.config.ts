import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/** The unit tests' environment, shared by the two unit projects below. */
const unit = {
  environment: 'happy-dom' as const,
  setupFiles: ['tests/unit/setup.ts'],
  // Some drive a real server (a first sync pulls the whole demo college): more than
  // vitest's 5 s on a busy 2-core machine.
  testTimeout: 15_000,
  // The unit tests that start a real server (tests/unit/sync/syncTestKit.ts,
  // tests/unit/documents/serverProcess.ts) open it from the run's template too; made
  // once for both projects (tests/server/templateDatabases.ts).
  globalSetup: ['tests/server/templateDatabases.ts'],
};

/**
 * The unit test files that replace a module (vi.mock) or a global (vi.stubGlobal) for the
 * whole file: each gets its own module graph and DOM, so nothing it replaced reaches another.
 */
const isolatedUnitFiles = ['tests/unit/shell/signInRequests.test.ts', 'tests/unit/push/pushSubscription.test.ts'];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // At least two at a time: vitest's default (one fewer than the cores) is one on a 2-core
      // machine, where the server tests spend much of their time waiting on PostgreSQL (381 → 288 s).
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: {
            ...unit,
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            exclude: isolatedUnitFiles,
            setupFiles: [...unit.setupFiles, 'tests/unit/sharedSetup.ts'],
            // One DOM and one module graph per worker, not per file: setting up happy-dom and
            // importing React, Dexie and the screens again for each of a hundred files cost
            // more than their tests. What a test changes is put back after it: the rendered
            // tree, the toasts, local storage and the cookie (setup.ts), the session
            // (sharedSetup.ts), spies (vitest restores them after each file), fake timers
            // (each file's own finally).
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            ...unit,
            name: 'unit (isolated)',
            include: isolatedUnitFiles,
          },
        },
        {
          test: {
            name: 'server',
            // One module graph per worker, not per file: every file imports the whole server
            // (server/app.ts and its features), and nothing in these tests mocks or patches a
            // module or a global (vi.mock, vi.spyOn, vi.stub…).
            isolate: false,
            include: ['tests/server/**/*.test.ts'],
            globalSetup: ['tests/server/templateDatabases.ts'],
            environment: 'node',
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  }),
);
