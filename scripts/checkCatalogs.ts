/**
 * Fails when a user-visible string is missing from any locale. It first extracts the
 * catalogs from the source (so a new string shows up in every catalog), then checks that
 * every message has a translation in every locale of lingui.config (all seven today): a
 * language the picker offers must be whole, since an English fallback mid-screen is what a
 * user of that language would otherwise see.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import linguiConfig from '../lingui.config';

const completeLocales = linguiConfig.locales;

execFileSync('node_modules/.bin/lingui', ['extract', '--clean'], { stdio: 'inherit' });

interface Entry {
  id: string;
  translation: string;
}

/** Reads msgid/msgstr pairs of a gettext catalog (Lingui writes no plural forms). */
function readPo(text: string): Entry[] {
  const entries: Entry[] = [];
  let current: Partial<Entry> = {};
  let field: 'id' | 'translation' | null = null;
  const unquote = (s: string): string => JSON.parse(s) as string;
  const flush = () => {
    if (current.id !== undefined && current.id !== '') {
      entries.push({ id: current.id, translation: current.translation ?? '' });
    }
    current = {};
    field = null;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      flush();
      current.id = unquote(line.slice(6));
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      current.translation = unquote(line.slice(7));
      field = 'translation';
    } else if (line.startsWith('"') && field) {
      current[field] = (current[field] ?? '') + unquote(line);
    } else if (line === '' || line.startsWith('#')) {
      if (line === '') flush();
    }
  }
  flush();
  return entries;
}

let missing = 0;
for (const locale of completeLocales) {
  const entries = readPo(readFileSync(`src/locales/${locale}/messages.po`, 'utf8'));
  // The source locale's msgstr may be empty: Lingui uses the message itself.
  const untranslated = locale === 'en' ? [] : entries.filter((e) => e.translation.trim() === '');
  for (const entry of untranslated) console.error(`  ${locale}: missing "${entry.id}"`);
  missing += untranslated.length;
  console.log(`${locale}: ${entries.length - untranslated.length}/${entries.length} messages translated`);
}
if (missing > 0) {
  console.error(`i18n: ${missing} messages are missing from the catalogs`);
  process.exit(1);
}
