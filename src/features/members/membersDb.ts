import type { EntityTable } from 'dexie';
import type { MemberRow } from '../../../contract/members';
import type { DbWith, PatioDb } from '../../db/database';

/** The members module's tables (module.ts declares their stores). */
export interface MembersTables {
  members: EntityTable<MemberRow, 'id'>;
}

export type MembersDb = DbWith<MembersTables>;

/** The database with the members table typed; it has it whenever the members module is registered. */
export function membersDb(db: PatioDb): MembersDb {
  if (!db.registry.modules.some((module) => module.name === 'members')) throw new Error('the members module is not registered');
  return db as MembersDb;
}
