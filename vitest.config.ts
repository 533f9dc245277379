import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

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
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            environment: 'happy-dom',
            setupFiles: ['tests/unit/setup.ts'],
            // Some drive a real server (a first sync pulls the whole demo college): more than
            // vitest's 5 s on a busy 2-core machine.
            testTimeout: 15_000,
            // The unit tests that start a real server (tests/unit/sync/syncTestKit.ts,
            // tests/unit/documents/serverProcess.ts) open it from the run's template too; made
            // once for both projects (tests/server/templateDatabases.ts).
            globalSetup: ['tests/server/templateDatabases.ts'],
          },
        },
        {
          test: {
            name: 'server',
            // One module graph per worker, not per file: every file imports the whole server
            // (server/app.ts and its features), and nothing in these tests mocks or patches a
            // module or a global (vi.mock, vi.spyOn, vi.stub…). The unit tests stay isolated:
            // their DOM, storage and spies are per file.
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
