import { uuidv7 } from '../../../contract/ids';
import { PatioDb } from '../../../src/db/database';

/** A new, empty database of the current schema (fake-indexeddb). */
export function freshDb(): PatioDb {
  return new PatioDb(`patio-test-${uuidv7()}`);
}
