/**
 * The server the end-to-end tests run against: the real one, on a database made afresh for
 * each run, so every run starts from the demo seed. With PATIO_TEST_DATABASE_URL (.ci/run
 * sets it) that is a new PostgreSQL database, dropped when the server stops; without it, the
 * embedded PGlite in PATIO_DATA_DIR, wiped first.
 *
 * PostgreSQL when it is there: it is what a school runs in production, with connections that
 * work at the same time where PGlite has one and serialises them. The stories on it found
 * what PGlite's timing hid (a device's first pull of the hour ended the event streams of its
 * member's other devices, migration 0024), in the same time (772 s against 768 s for the
 * whole run, bench/RESULTS.md). The embedded database is served and tested too: `npm start`
 * runs on it, every server test runs on both, and the stories run on it without
 * PATIO_TEST_DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { withAdmin } from './lib/postgresAdmin';

const dataDir = process.env.PATIO_DATA_DIR;
if (!dataDir || !dataDir.startsWith('.tmp/')) {
  throw new Error('e2eServer: PATIO_DATA_DIR must be a folder under .tmp/');
}
rmSync(dataDir, { recursive: true, force: true });

const admin = process.env.PATIO_TEST_DATABASE_URL?.trim();
if (!admin) {
  await import('../server/main');
} else {
  // One name per port: a run on another port (PATIO_E2E_PORT) has its own database.
  const name = `patio_e2e_${Number(process.env.PORT ?? 8080)}`;
  const run = (statement: string) => withAdmin(admin, (client) => client.query(statement));
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  // The server in a process of its own, so that this one drops the database once it has stopped.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url.toString() },
  });
  // Playwright stops its web server with SIGTERM (a terminal with SIGINT): passed on.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
  server.once('exit', (code) => {
    run(`drop database if exists ${name} with (force)`)
      .catch((error: unknown) => console.error(`e2eServer: could not drop ${name}`, error))
      .finally(() => process.exit(code ?? 0));
  });
}
