/**
 * Adds a college: `node --import tsx server/cli/addCollege.ts --slug x --name "…" --hosts a,b
 * [--theme #123456] [--language es] [--short-name …] [--default] [--allow-signup]
 * [--admin-email it@school.example [--admin-name …] [--site https://school.example]]`.
 * With `--admin-email` the college starts with its first administrator, who gets an
 * invitation by mail (a link to choose their password) rather than a password typed here:
 * the mail leaves once the server runs, through the college's SMTP settings (without them it
 * is in the mail log). `--site` is where the link points (default `https://<first host>`).
 * Uses the server's database settings (DATABASE_URL, else PGlite under PATIO_DATA_DIR).
 * With the embedded database, stop the server first: one PGlite folder, one process.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { databaseOptionsFromEnv } from '../env';
import { features } from '../features';
import { addCollege } from './newCollege';

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
    'admin-email': { type: 'string' },
    'admin-name': { type: 'string' },
    site: { type: 'string' },
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

const adminEmail = values['admin-email']?.trim().toLowerCase() ?? '';
if (adminEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) fail('--admin-email: an email address');
const site = (values.site?.trim() || (hosts[0]!.includes('.') ? `https://${hosts[0]}` : '')).replace(/\/+$/, '');
if (adminEmail && !/^https?:\/\/[^/\s]+$/.test(site)) fail('--site: the address the school reaches Patio at, like https://patio.school.example');
const firstAdmin = adminEmail ? { email: adminEmail, name: values['admin-name']?.trim() || adminEmail.split('@')[0]!, site } : undefined;

const database = await openDatabase(databaseOptionsFromEnv());
try {
  await database.migrate();
  const id = await addCollege(database.db, features, {
    slug,
    name,
    shortName: values['short-name'],
    hosts,
    theme: values.theme,
    language: values.language,
    isDefault: values.default,
    allowSignup: values['allow-signup'],
    firstAdmin,
  });
  if (!id) fail(`a college with slug "${slug}" already exists`);
  console.log(`Added college "${name}" (${slug}) for hosts: ${hosts.join(', ')}`);
  if (firstAdmin) console.log(`Invited ${firstAdmin.email} as its first administrator: the mail leaves once the server runs (link at ${site}).`);
} finally {
  await database.close();
}
