import fc from 'fast-check';

/**
 * Generated input that a device, an old client or an attacker may send: values the
 * database cannot store, edge dates, wrong types, ids of nothing or of another college.
 * Shared by the property tests of the push and the REST routes.
 */

const codeUnit = (min: number, max: number) => fc.integer({ min, max }).map((unit) => String.fromCharCode(unit));

/** A character: any code point, NUL, a lone surrogate, a control or a SQL/LIKE metacharacter. */
const anyCharacter = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constant('\u0000') },
  { weight: 1, arbitrary: codeUnit(0xd800, 0xdfff) },
  { weight: 1, arbitrary: codeUnit(0, 0x1f) },
  { weight: 1, arbitrary: fc.constantFrom("'", '"', '\\', '%', '_', ';', '<', '>', '&', '\u00a0', '\ufeff', '\uffff') },
);

/** Lengths around the contract's limits (64, 100, 200, 255, 100 000). */
const edgeLengths = [64, 65, 100, 101, 200, 201, 255, 256, 100_001] as const;

/** Text a person could have typed, with one character the database cannot store inside. */
const textWithUnstorable = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'), fc.string({ maxLength: 12 }))
  .map(([before, bad, after]) => `Aviso ${before}${bad}${after}`);

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: anyCharacter, maxLength: 40 }) },
  { weight: 3, arbitrary: textWithUnstorable },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udc00',
      '\ud83d',
      '<p>\u0000</p>',
      "'; drop table posts; --",
      '%',
      '\\',
      '<script>alert(1)</script>',
      '<p>&nbsp;</p>',
      'null',
      'undefined',
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...edgeLengths), anyCharacter).map(([length, c]) => c.repeat(length).slice(0, length)) },
);

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** ISO-looking timestamps, valid or not, at the edges of what PostgreSQL and JS accept. */
export const hostileDate = fc.oneof(
  fc.constantFrom(
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '1899-12-31T23:59:59Z',
    '1900-01-01T00:00:00Z',
    '1900-01-01T00:00:00+01:00',
    '2999-12-31T23:59:59.999Z',
    '2999-12-31T23:59:59-14:00',
    '3000-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '9999-12-31T23:59:59-14:00',
    '2024-02-30T00:00:00Z',
    '2023-02-29T12:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T00:00:60Z',
    '2024-01-01T00:00:00',
    '2024-01-01',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00Z',
    'infinity',
    '-infinity',
    'epoch',
    'now',
  ),
  fc
    .record({
      year: fc.integer({ min: 0, max: 9999 }),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
      hour: fc.integer({ min: 0, max: 24 }),
      offset: fc.constantFrom('Z', '+00:00', '-14:00', '+14:00', '+23:59', '-12:30'),
    })
    .map(({ year, month, day, hour, offset }) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:00:00${offset}`),
  fc.date().map((date) => (Number.isNaN(date.getTime()) ? 'Invalid Date' : date.toISOString())),
);

/** Ids that name nothing, in a wrong form, or (from `foreign`) rows of another college. */
export const hostileId = (foreign: readonly string[]) =>
  fc.oneof(
    fc.uuid(),
    fc.uuid().map((id) => id.toUpperCase()),
    fc.constantFrom(...foreign),
    fc.constantFrom('', 'not-an-id', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '1'),
    hostileString,
  );

/** Any value of the wrong (or right) type, at any depth. */
export const hostileValue = (foreign: readonly string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: hostileString },
    { weight: 2, arbitrary: hostileDate },
    { weight: 2, arbitrary: hostileId(foreign) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(-0)) },
    { weight: 2, arbitrary: fc.array(fc.oneof(hostileId(foreign), hostileString, fc.integer(), fc.constant(null)), { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );

/**
 * Replace, delete or add a field of a valid example. `key` picks an example field by index
 * (or names another one); the new value is `any` or, when `typed`, one of the same kind as
 * the example's (text, date, id, list of ids), so a single bad field among valid ones is
 * common.
 */
export interface Change {
  key: number | string;
  remove: boolean;
  typed: boolean;
  any: unknown;
  text: string;
  date: string;
  id: string;
  ids: unknown[];
}

export const changes = (foreign: readonly string[]) =>
  fc.array(
    fc.record({
      key: fc.oneof(
        { weight: 5, arbitrary: fc.noBias(fc.nat({ max: 999 })) },
        { weight: 1, arbitrary: fc.constantFrom('constructor', 'college_id', 'author_id', 'views', 'seq', 'deleted_at') },
        { weight: 1, arbitrary: hostileString },
      ),
      remove: fc.boolean(),
      typed: fc.boolean(),
      any: hostileValue(foreign),
      text: hostileString,
      date: hostileDate,
      id: hostileId(foreign),
      ids: fc.array(fc.oneof(hostileId(foreign), hostileString, fc.integer(), fc.constant(null)), { maxLength: 4 }),
    }),
    { maxLength: 3 },
  );

/** The example with the changes applied (a copy; keys made with JSON so `__proto__` is data). */
export function applyChanges(example: Record<string, unknown>, list: readonly Change[]): Record<string, unknown> {
  const result = JSON.parse(JSON.stringify(example)) as Record<string, unknown>;
  const keys = Object.keys(example);
  for (const change of list) {
    const key = typeof change.key === 'number' ? (keys[change.key % keys.length] ?? 'id') : change.key;
    if (change.remove) delete result[key];
    else Object.defineProperty(result, key, { value: newValue(example[key], change), enumerable: true, writable: true, configurable: true });
  }
  return result;
}

const uuidLike = /^[0-9a-f-]{36}$/i;
const dateLike = /^\d{4}-\d{2}-\d{2}T/;

function newValue(current: unknown, change: Change): unknown {
  if (!change.typed) return change.any;
  if (Array.isArray(current)) return change.ids;
  if (typeof current !== 'string') return change.any;
  if (uuidLike.test(current)) return change.id;
  if (dateLike.test(current)) return change.date;
  return change.text;
}

/** Raw bytes, percent-encoded: invalid UTF-8, NUL and anything a URL may carry. */
export const percentEncodedBytes = fc
  .uint8Array({ maxLength: 24 })
  .map((bytes) => Array.from(bytes, (b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join(''));

/** A query or path value: a hostile string (UTF-8 encoded) or raw bytes. */
export const hostileUrlValue = fc.oneof(
  hostileString.map((value) => encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'))),
  percentEncodedBytes,
);
