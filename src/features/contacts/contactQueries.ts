import { useLiveQuery } from 'dexie-react-hooks';
import type { ContactRow } from '../../../contract/contacts';
import type { Place } from '../../../contract/college';
import { matchingIds, pendingIds } from '../../db/searchIndex';
import { foldText } from '../../db/searchWords';
import { readFirstSyncPending } from '../../sync/hooks';
import type { ContactsDb } from './contactsDb';
import { contactsSearch } from './contactWords';
import { useContactsDb } from './useContactsDb';

export interface ContactList {
  contacts: ContactRow[];
  /** The place of each contact that has one the device knows, by place id. */
  places: Map<string, Place>;
  /** The first sync is still under way: an empty list means "not yet", not "none". */
  firstSyncPending: boolean;
}

/**
 * The words of a search, folded like the index's (lower case, no accents); each is a
 * prefix. An email keeps its `@` and dots; a search of only digits and phone signs is its
 * digits together ("2345 6789" → "23456789").
 */
export function contactQueryWords(search: string): string[] {
  const folded = foldText(search.trim());
  if (/^[\d\s()+-]+$/.test(folded)) {
    const digits = folded.replace(/\D/g, '');
    if (digits.length > 0) return [digits.slice(0, 40)];
  }
  const words = folded.split(/[^\p{L}\p{N}@.]+/u).flatMap((word) => (word.includes('@') ? [word] : word.split('.')));
  return [...new Set(words.filter((word) => word.length > 0).map((word) => word.slice(0, 40)))];
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
export const byName = (a: ContactRow, b: ContactRow): number => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);

const everyWord = (rowWords: readonly string[], words: readonly string[]) => words.every((word) => rowWords.some((w) => w.startsWith(word)));

/**
 * The directory by name, or the contacts matching every word of `search` (a prefix of a
 * word of the name, title, email or phone). Contacts a pull brought that are still queued
 * for indexing are judged by their text: search never misses a synced contact.
 */
export async function queryContacts(db: ContactsDb, search: string): Promise<ContactRow[]> {
  const words = contactQueryWords(search);
  if (words.length === 0) return (await db.contacts.toArray()).sort(byName);
  const matches = await matchingIds(db, contactsSearch, words);
  const queued = await pendingIds(db, contactsSearch);
  if (queued.length > 0) {
    const rows = await db.contacts.bulkGet(queued);
    queued.forEach((id, i) => {
      const row = rows[i];
      matches.delete(id);
      if (row && everyWord(contactsSearch.wordsOf(row), words)) matches.add(id);
    });
  }
  const found = await db.contacts.bulkGet([...matches]);
  return found.filter((row): row is ContactRow => row !== undefined).sort(byName);
}

async function placesOf(db: ContactsDb, contacts: readonly ContactRow[]): Promise<Map<string, Place>> {
  const ids = [...new Set(contacts.flatMap((contact) => (contact.place_id ? [contact.place_id] : [])))];
  const rows = await db.places.bulkGet(ids);
  return new Map(rows.flatMap((place) => (place ? [[place.id, place] as const] : [])));
}

/** Live: the directory (or a search of it), with places; undefined while reading. */
export function useContacts(search: string): ContactList | undefined {
  const db = useContactsDb();
  return useLiveQuery(async () => {
    const [contacts, firstSyncPending] = await Promise.all([queryContacts(db, search), readFirstSyncPending(db)]);
    return { contacts, places: await placesOf(db, contacts), firstSyncPending };
  }, [db, search]);
}

export interface ContactWithPlace {
  contact: ContactRow;
  place: Place | null;
}

/** Live: one contact and its place; null when this device does not have it, undefined while reading. */
export function useContact(id: string): ContactWithPlace | null | undefined {
  const db = useContactsDb();
  return useLiveQuery(async () => {
    const contact = await db.contacts.get(id);
    if (!contact) return null;
    const place = contact.place_id ? ((await db.places.get(contact.place_id)) ?? null) : null;
    return { contact, place };
  }, [db, id]);
}

/** Live: the college's places, by name, for the form's choice. */
export function usePlaces(): Place[] | undefined {
  const db = useContactsDb();
  return useLiveQuery(async () => (await db.places.toArray()).sort((a, b) => collator.compare(a.name, b.name)), [db]);
}
