import type { MutationUpgrade } from '../sync/upgrades';
import { fieldsOf } from '../sync/upgrades';

/**
 * `posts.create` and `posts.update` as older apps pushed them (contract/sync.ts
 * `syncProtocol`, docs/sync.md "Versions"). Both share the fields a person writes.
 */

/** Version 1 had no `scope`: a post went to the chosen sections' students and guardians. */
function addScope(args: unknown): unknown {
  const fields = fieldsOf(args);
  if (!fields || 'scope' in fields) return args;
  return { ...fields, scope: 'everyone' };
}

/** Version 2 called the whole college's scope `all`; it is `college` since version 3. */
function renameWholeCollegeScope(args: unknown): unknown {
  const fields = fieldsOf(args);
  if (!fields || fields.scope !== 'all') return args;
  return { ...fields, scope: 'college' };
}

export const postUpgrades: readonly MutationUpgrade[] = ['posts.create', 'posts.update'].flatMap((name) => [
  { name, from: 1, upgrade: addScope },
  { name, from: 2, upgrade: renameWholeCollegeScope },
]);
