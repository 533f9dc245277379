import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ContactListQuery } from '../../contract/contacts';
import { looksLikeUuid } from '../audience/references';
import { visibleTo } from '../audience/visibility';
import type { Database } from '../db/client';
import type { Viewer } from '../sync/viewer';
import type { ContactRecord } from './contactEntities';
import { contacts } from './schema';

const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The viewer's contacts by name, narrowed by a piece of the name, title, email or phone. */
export async function listContacts(db: Database, viewer: Viewer, query: ContactListQuery): Promise<ContactRecord[]> {
  const where: SQL[] = [eq(contacts.collegeId, viewer.collegeId), visibleTo(contacts, viewer.keys)];
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(or(ilike(contacts.name, pattern), ilike(contacts.title, pattern), ilike(contacts.email, pattern), ilike(contacts.phone, pattern))!);
  }
  return db
    .select()
    .from(contacts)
    .where(and(...where))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(query.limit)
    .offset(query.offset);
}

export async function findVisibleContact(db: Database, viewer: Viewer, id: string): Promise<ContactRecord | null> {
  if (!looksLikeUuid(id)) return null;
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id.toLowerCase()), eq(contacts.collegeId, viewer.collegeId), visibleTo(contacts, viewer.keys)));
  return row ?? null;
}
