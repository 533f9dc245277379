import type { z } from 'zod';
import { fieldErrors } from '../../contract/errors';
import { firstOfEach } from './describeFailure';

/** One (English, contract) message per field; the field shows the first one. */
export type FieldErrors = Partial<Record<string, string>>;

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Validates with the same zod schema the server uses, so both say the same thing. */
export function validateWith<S extends z.ZodType>(schema: S, values: unknown): Validated<z.infer<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: firstOfEach(fieldErrors(result.error.issues)) };
}
