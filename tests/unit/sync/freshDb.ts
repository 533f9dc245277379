import { uuidv7 } from '../../../contract/ids';
import { PatioDb } from '../../../src/db/database';
import { postsDb, type PostsDb } from '../../../src/features/posts/postsDb';
import { dataModules } from '../../../src/registry/dataModules';

/** A new, empty database of the current schema (fake-indexeddb). */
export function freshDb(): PostsDb {
  return postsDb(new PatioDb(`patio-test-${uuidv7()}`, dataModules));
}
