import { z } from './zod';
import { messages } from './messages';

/**
 * Building blocks for every contract field that reaches the database. What the schema lets
 * through must be storable, or a device's queued mutation would fail on the server forever:
 * PostgreSQL refuses NUL in text, a lone UTF-16 surrogate is not Unicode (the drivers would
 * store U+FFFD instead of what was written), and timestamps outside a sane range are
 * refused (year 0 does not exist) or answered in a form the clients cannot parse.
 */

// A NUL, a high surrogate not followed by a low one, or a low one not after a high one.
// eslint-disable-next-line no-control-regex
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (value: string): boolean => !unstorable.test(value);

interface TextOptions {
  max: number;
  /** The message when the value is missing or not a string. */
  error?: string;
  /** Trim before checking the length (what the user typed around the text does not count). */
  trim?: boolean;
}

/** A storable string of at most `max` characters; chain `.min()` for required fields. */
export function text({ max, error, trim = false }: TextOptions) {
  const base = z.string(error === undefined ? undefined : { error });
  return (trim ? base.trim() : base).max(max, { error: messages.tooLong }).refine(isStorableText, { error: messages.textInvalid });
}

/** Dates a school writes about: anything earlier or later is a typo or an attack. */
export const earliestDateTime = Date.UTC(1900, 0, 1);
export const latestDateTime = Date.UTC(3000, 0, 1) - 1;

const inSaneRange = (value: string) => {
  const time = Date.parse(value);
  return time >= earliestDateTime && time <= latestDateTime;
};

/** An ISO 8601 timestamp with offset (`2025-03-01T12:00:00Z`) between 1900 and 2999, UTC. */
export const dateTime = () => z.iso.datetime({ offset: true, error: messages.dateInvalid }).refine(inSaneRange, { error: messages.dateInvalid });
