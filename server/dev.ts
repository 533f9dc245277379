import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildApp } from './app';
import { defaultConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed';
import { features } from './features';
import { dataDirFromEnv, databaseOptionsFromEnv, documentMaxBytesFromEnv, metricsTokenFromEnv, pushHostsFromEnv, rootDir } from './env';

/**
 * `npm run dev`: the API on PATIO_API_PORT (default 8080), then Vite's dev server (5173),
 * which proxies /api, /sanctum, /uploads, /colleges and the manifest to it. The API serves
 * public/ so the college icons are found before any build.
 */
const apiPort = Number(process.env.PATIO_API_PORT ?? 8080);
const database = await openDatabase(databaseOptionsFromEnv());
await database.migrate();
await seedDemoData(database.db, features);
const app = await buildApp({
  db: database.db,
  config: defaultConfig({
    dataDir: dataDirFromEnv(),
    staticDir: join(rootDir, 'public'),
    logger: true,
    jobs: true,
    pushHosts: pushHostsFromEnv(),
    documentMaxBytes: documentMaxBytesFromEnv(),
    metricsToken: metricsTokenFromEnv(),
  }),
});
await app.listen({ port: apiPort, host: '127.0.0.1' });

const vite = spawn(join(rootDir, 'node_modules', '.bin', 'vite'), process.argv.slice(2), {
  cwd: rootDir,
  stdio: 'inherit',
  env: { ...process.env, PATIO_API_PORT: String(apiPort) },
});

async function stop(): Promise<void> {
  vite.kill('SIGTERM');
  await app.close();
  await database.close();
  process.exit(0);
}
vite.on('exit', () => void stop());
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
