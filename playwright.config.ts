import { defineConfig } from '@playwright/test';
import { chromiumArgs, storiesChromiumPath } from './scripts/chromium';

/**
 * End-to-end tests drive Debian's Chromium (Playwright's own browser download does not
 * work here) against the built app served by the real server with a fresh embedded
 * database. `*.localhost` names resolve to loopback in Chromium and select tenants.
 */
export const e2ePort = Number(process.env.PATIO_E2E_PORT ?? 8181);
/** A push service on loopback (web-push-testing, started by tests/e2e/push.spec.ts), which the server accepts subscriptions of. */
export const e2ePushPort = e2ePort + 2;
const dataDir = process.env.PATIO_E2E_DATA_DIR ?? '.tmp/e2e-data';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PATIO_E2E_JSON ? [['list'], ['json', { outputFile: process.env.PATIO_E2E_JSON }]] : [['list']],
  use: {
    baseURL: `http://localhost:${e2ePort}`,
    // Recording a trace costs every story a quarter of its time on a 2-core machine (DOM
    // snapshots at each step, in the browser and the runner): only a retry records one, so a
    // failure in CI (which retries once) still comes with its trace. Locally: --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Installed-app stories allow it (tests/e2e/fixtures.ts, installedApp).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: storiesChromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: {
    command: `node --import tsx scripts/e2eServer.ts`,
    url: `http://127.0.0.1:${e2ePort}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    // Stopped, not killed: on PostgreSQL, scripts/e2eServer.ts drops the run's database once the server has closed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: { PORT: String(e2ePort), HOST: '127.0.0.1', PATIO_DATA_DIR: dataDir, LOG_LEVEL: 'warn', PATIO_PUSH_HOSTS: `127.0.0.1:${e2ePushPort}` },
  },
});
