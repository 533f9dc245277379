/**
 * A PostgreSQL array literal of plain values (uuids, numbers, ISO timestamps: nothing that
 * needs quoting), passed as one parameter and cast in SQL (`${pgArray(ids)}::uuid[]`):
 * `unnest` of a few such arrays inserts or updates thousands of rows in one statement with
 * four parameters, where a VALUES list would need tens of thousands.
 */
export function pgArray(values: readonly string[]): string {
  for (const value of values) if (!/^[0-9A-Za-z:.+-]+$/.test(value)) throw new Error('pgArray: a value that needs quoting');
  return `{${values.join(',')}}`;
}
