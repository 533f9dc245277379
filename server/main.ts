import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { defaultConfig } from './config';
import { openDatabase } from './db/client';
import { demoColleges, demoPassword, demoRoles } from './db/demoData';
import { colleges } from './db/schema';
import { seedDemoData } from './db/seed';
import { features } from './features';
import { backupScheduleFromEnv, dataDirFromEnv, databaseOptionsFromEnv, documentMaxBytesFromEnv, metricsTokenFromEnv, pushHostsFromEnv, rootDir } from './env';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const distDir = join(rootDir, 'dist');

if (process.argv.includes('--build-if-missing') && !existsSync(join(distDir, 'index.html'))) {
  console.log('dist/ is missing: building the app (vite build)…');
  const vite = join(rootDir, 'node_modules', '.bin', 'vite');
  const build = spawnSync(vite, ['build'], { cwd: rootDir, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('vite build failed; serving the API only.');
  }
}

const options = databaseOptionsFromEnv();
const database = await openDatabase(options);
await database.migrate();
const seeded = await seedDemoData(database.db, features);

const app = await buildApp({
  db: database.db,
  config: defaultConfig({
    dataDir: dataDirFromEnv(),
    staticDir: distDir,
    trustProxy: process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true',
    logger: true,
    jobs: true,
    pushHosts: pushHostsFromEnv(),
    documentMaxBytes: documentMaxBytesFromEnv(),
    backup: backupScheduleFromEnv(),
    metricsToken: metricsTokenFromEnv(),
  }),
});
await app.listen({ port, host });

const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDirFromEnv()}`;
console.log(`\nPatio is running — database: ${where}${seeded ? ' (demo data seeded)' : ''}`);
const slugs = new Set((await database.db.select({ slug: colleges.slug }).from(colleges)).map((c) => c.slug));
const demos = demoColleges.filter((college) => slugs.has(college.slug));
for (const college of demos) {
  const address = college.isDefault ? `http://localhost:${port}` : `http://${college.slug}.localhost:${port}`;
  console.log(`  ${college.name.padEnd(30)} ${address}`);
}
if (demos.length > 0) console.log(`\nDemo accounts (password ${demoPassword}):`);
for (const college of demos) {
  console.log(`  ${demoRoles.map((role) => `${role}@${college.slug}.test`).join('  ')}`);
}
console.log('');

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
