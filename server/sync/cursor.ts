import { z } from 'zod';
import { messages } from '../../contract/messages';
import { ValidationFailed } from '../http/errors';

/**
 * The pull position, opaque to devices (base64url JSON):
 * - `s`: the last change number the device has been given;
 * - `h`: the college's change number when the device's first pull ran. Rows with numbers up
 *   to it were never sent to the device in any version, so an invisible one is skipped
 *   instead of answered as a delete (a student's first sync carries no tombstones for the
 *   thousands of posts meant for others);
 * - `a`: the audience the rows were chosen for (server/sync/viewer.ts `audienceOf`).
 */
export interface Cursor {
  s: number;
  h: number;
  a: string;
}

const cursorShape = z.object({
  v: z.literal(1),
  s: z.number().int().min(0),
  h: z.number().int().min(0),
  a: z.string().min(1).max(64),
});

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ v: 1, ...cursor })).toString('base64url');
}

/** A cursor this server did not make answers 422 `{errors: {cursor: [...]}}`. */
export function decodeCursor(text: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  const parsed = cursorShape.safeParse(value);
  if (!/^[A-Za-z0-9_-]+$/.test(text) || !parsed.success) throw ValidationFailed.field('cursor', messages.invalidData);
  const { s, h, a } = parsed.data;
  return { s, h, a };
}
