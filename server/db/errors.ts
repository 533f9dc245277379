/**
 * PostgreSQL errors as both drivers report them: pg and PGlite throw an error carrying the
 * SQLSTATE in `code`, which drizzle wraps as the `cause` of a DrizzleQueryError.
 */

/** The SQLSTATE of a database error, found through up to a few `cause` wrappers. */
export function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return null;
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code) && 'severity' in current) {
      return current.code;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return null;
}

/** PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

/**
 * How a refusal of the values themselves answers: 409 when they collide with a row that
 * exists (unique or exclusion violation), 422 for any other data exception (class 22: NUL,
 * invalid text for its type, out-of-range dates or numbers, too long…) or integrity
 * violation (class 23: not null, foreign key, check). The same values would be refused
 * again, so it is the client's input, not a failure of the server. Null otherwise.
 */
export function refusalStatusOf(error: unknown): 409 | 422 | null {
  const state = sqlStateOf(error);
  if (!state) return null;
  if (state === '23505' || state === '23P01') return 409;
  if (state.startsWith('22') || state.startsWith('23')) return 422;
  return null;
}
