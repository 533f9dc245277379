/**
 * The interface texts of a language, read from its catalog, so a test that runs in Arabic
 * or Spanish can still find a control by the name a user of that language hears.
 */
import { readFileSync } from 'node:fs';

const catalogs = new Map<string, Map<string, string>>();

/** msgid → msgstr of `src/locales/<locale>/messages.po` (Lingui writes one line each). */
function catalog(locale: string): Map<string, string> {
  let entries = catalogs.get(locale);
  if (entries) return entries;
  entries = new Map();
  const text = readFileSync(new URL(`../../src/locales/${locale}/messages.po`, import.meta.url), 'utf8');
  for (const [, id, translation] of text.matchAll(/^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm)) {
    entries.set(JSON.parse(id!) as string, JSON.parse(translation!) as string);
  }
  catalogs.set(locale, entries);
  return entries;
}

/** The text a user of `locale` sees for the English source text `id`. */
export function translated(locale: string, id: string): string {
  if (locale === 'en') return id;
  const text = catalog(locale).get(id);
  if (!text) throw new Error(`No ${locale} translation of "${id}"`);
  return text;
}
