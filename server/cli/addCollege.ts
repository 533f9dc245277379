/**
 * Adds a college: `node --import tsx server/cli/addCollege.ts --slug x --name "…" --hosts a,b
 * [--theme #123456] [--language es] [--short-name …] [--default] [--allow-signup]`.
 * Uses the server's database settings (DATABASE_URL, else PGlite under PATIO_DATA_DIR).
 * With the embedded database, stop the server first: one PGlite folder, one process.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import { openDatabase } from '../db/client';
import { colleges } from '../db/schema';
import { databaseOptionsFromEnv } from '../env';
import { features } from '../features';
import { writeInCollege } from '../sync/writeInCollege';

const { values } = parseArgs({
  options: {
    slug: { type: 'string' },
    name: { type: 'string' },
    hosts: { type: 'string' },
    theme: { type: 'string', default: '#2f7d4f' },
    language: { type: 'string', default: 'es' },
    'short-name': { type: 'string' },
    default: { type: 'boolean', default: false },
    'allow-signup': { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const slug = values.slug?.trim() ?? '';
const name = values.name?.trim() ?? '';
const hosts = (values.hosts ?? '')
  .split(',')
  .map((h) => h.trim().toLowerCase())
  .filter(Boolean);
if (!/^[a-z0-9][a-z0-9-]{1,40}$/.test(slug)) fail('--slug: lower-case letters, digits and dashes (2–41 characters)');
if (!name) fail('--name is required');
if (hosts.length === 0) fail('--hosts: at least one host pattern, comma-separated');
if (!/^#[0-9a-fA-F]{6}$/.test(values.theme)) fail('--theme: a colour like #1d3a6e');

const database = await openDatabase(databaseOptionsFromEnv());
try {
  await database.migrate();
  const [taken] = await database.db.select({ id: colleges.id }).from(colleges).where(eq(colleges.slug, slug)).limit(1);
  if (taken) fail(`a college with slug "${slug}" already exists`);
  if (values.default) await database.db.update(colleges).set({ isDefault: false });
  const id = uuidv7();
  await database.db.insert(colleges).values({
    id,
    slug,
    name,
    shortName: values['short-name']?.trim() || name,
    language: values.language,
    themeColor: values.theme.toLowerCase(),
    hostPatterns: hosts,
    isDefault: values.default,
    allowSignup: values['allow-signup'],
    image: `/colleges/${slug}/hero.svg`,
    imageSplash: `/colleges/${slug}/hero.svg`,
    imageMenu: `/colleges/${slug}/logo.svg`,
    logo: `/colleges/${slug}/logo.svg`,
  });
  // What each feature starts a college with (a first post category, in its language).
  await writeInCollege(database.db, id, async (write) => {
    for (const feature of features) await feature.newCollege?.(write, { language: values.language });
  });
  console.log(`Added college "${name}" (${slug}) for hosts: ${hosts.join(', ')}`);
} finally {
  await database.close();
}
