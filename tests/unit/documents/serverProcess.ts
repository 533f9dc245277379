import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../server/app';
import { defaultConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { demoPassword } from '../../../server/db/demoData';
import { seedDemoData } from '../../../server/db/seed';
import { features } from '../../../server/features';

/**
 * The real server for the DOM tests, in a process of its own: vitest gives a web-like
 * environment (happy-dom) an http `import.meta.url`, which the server cannot load from.
 * Embedded database in memory, opened from the run's migrated and seeded snapshot (the path
 * in PATIO_TEST_PGLITE_SNAPSHOT, tests/server/templateDatabases.ts), or migrated and seeded
 * here without one; listens on a free loopback port and
 * prints one line, `{ origin, token }` (staff@colinas.test's), then serves until its stdin
 * closes. Run with `node --import tsx` (serverProcessKit.ts).
 */
const dataDir = await mkdtemp(join(tmpdir(), 'patio-files-'));
const snapshot = process.env.PATIO_TEST_PGLITE_SNAPSHOT;
const database = await openDatabase({ memory: true, snapshot: snapshot ? new Blob([await readFile(snapshot)]) : undefined });
if (!snapshot) {
  await database.migrate();
  await seedDemoData(database.db, features);
}
const app = await buildApp({ db: database.db, config: defaultConfig({ dataDir }) });
await app.listen({ host: '127.0.0.1', port: 0 });
const signIn = await app.inject({
  method: 'POST',
  url: '/api/login-mobile',
  headers: { host: 'localhost' },
  payload: { email: 'staff@colinas.test', password: demoPassword },
});
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ origin: `http://127.0.0.1:${port}`, token: signIn.json<{ token: string }>().token })}\n`);

process.stdin.resume();
process.stdin.on('end', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => rm(dataDir, { recursive: true, force: true }))
    .then(() => process.exit(0));
});
