import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            environment: 'happy-dom',
            setupFiles: ['tests/unit/setup.ts'],
          },
        },
        {
          test: {
            name: 'server',
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
