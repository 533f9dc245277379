/**
 * What the outbox shows of a messenger change, read from its entry alone (no Dexie, no
 * zod: ui.tsx is in the shell's first download).
 */
import type { OutboxEntry } from '../../db/database';

const field = (value: unknown, key: string): string => {
  if (typeof value !== 'object' || value === null) return '';
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : '';
};

/** The first words of a text, cut at a word near `max` letters ("Mañana no hay clases por…"). */
export function firstWords(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The text the change writes, or the text the message had (a delete). */
export const entryText = (entry: OutboxEntry): string => field(entry.args, 'text') || field(entry.before?.row, 'text');

/** A group's name the change itself carries (create, update). */
export const entryName = (entry: OutboxEntry): string => field(entry.args, 'name');

/** The conversation the change is about, when the entry tells it. */
export function entryConversation(entry: OutboxEntry): string | null {
  if (entry.entity === 'conversations') return entry.entityId;
  return field(entry.args, 'conversation_id') || field(entry.before?.row, 'conversation_id') || null;
}

/** The member a change of a member is about, as they were (remove, admin). */
export const entryMemberName = (entry: OutboxEntry): string => field(entry.before?.row, 'name');

/** Whether a change of `admin` or `muted` turns it on. */
export const entryFlag = (entry: OutboxEntry, key: 'admin' | 'muted'): boolean => {
  const args = entry.args as Record<string, unknown> | null;
  return args !== null && typeof args === 'object' && args[key] === true;
};
