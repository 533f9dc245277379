import type { SearchIndex } from '../../db/dataModule';
import { searchWords } from '../../db/searchWords';

/**
 * The directory's words index (`contactWords`, `contactTerms`; src/db/searchIndex.ts): a
 * pull page stores its contacts' words with them and local writes in their own
 * transaction. Search matches prefixes of words; a phone is indexed as every tail of its
 * digits (3 or more), so any run of its digits is a prefix of one ("2345 6789" finds
 * "+56 2 2345 6789" however it was spaced). An email is indexed whole and by its parts.
 */

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Every tail of a phone's digits at least 3 long: the run `22345` is a prefix of one of them. */
export function phoneTails(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  const tails: string[] = [];
  for (let start = 0; start <= digits.length - 3; start++) tails.push(digits.slice(start));
  return tails;
}

export function contactWordsOf(row: Record<string, unknown>): string[] {
  const email = text(row.email).toLowerCase();
  const words = new Set(searchWords(text(row.name), text(row.title), email));
  if (email.length >= 2) words.add(email);
  for (const tail of phoneTails(text(row.phone))) words.add(tail);
  return [...words];
}

export const contactsSearch: SearchIndex = {
  table: 'contacts',
  wordsTable: 'contactWords',
  termsTable: 'contactTerms',
  wordsOf: contactWordsOf,
};
