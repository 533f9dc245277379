import { and, arrayOverlaps, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { memberListQuery } from '../../contract/members';
import { compactRut } from '../../contract/rut';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { MemberRecord } from './memberEntity';

type ListQuery = z.infer<typeof memberListQuery>;

const accented = 'áàâäãéèêëíìîïóòôöõúùûüñç';
const plain = 'aaaaaeeeeiiiiooooouuuunc';

/** Lower-cased, accents removed, in SQL (no extension needed: `translate`). */
export const folded = (value: SQL): SQL => sql`translate(lower(${value}), ${accented}, ${plain})`;

/** The same folding in JavaScript. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `GET /api/v1/admin/members`: live members of the college, searched by name, last names,
 * email or rut (accents and case ignored; a rut with or without dots and dash), filtered,
 * sorted and paginated.
 */
export async function listMembers(db: Database, collegeId: string, query: ListQuery): Promise<{ rows: MemberRecord[]; total: number }> {
  const conditions: SQL[] = [eq(users.collegeId, collegeId), isNull(users.removedAt)];
  const q = query.q?.trim();
  if (q) {
    const words = fold(q).split(/\s+/).filter(Boolean);
    const haystack = folded(sql`${users.name} || ' ' || ${users.firstLastname} || ' ' || ${users.secondLastname} || ' ' || ${users.email}`);
    for (const word of words) {
      const rut = compactRut(word);
      const byRut = /^\d{3,}[\dk]?$/i.test(rut) ? sql` or replace(coalesce(${users.rut}, ''), '-', '') like ${`%${escapeLike(rut)}%`}` : sql``;
      conditions.push(sql`(${haystack} like ${`%${escapeLike(word)}%`}${byRut})`);
    }
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.place_id) conditions.push(eq(users.placeId, query.place_id.toLowerCase()));
  if (query.section_id) conditions.push(arrayOverlaps(users.sectionIds, [query.section_id.toLowerCase()]));
  if (query.without_pin) conditions.push(isNull(users.pinCode));
  const where = and(...conditions);
  const direction = query.sort.startsWith('-') ? desc : asc;
  const key = query.sort.replace(/^-/, '');
  const order: SQL[] =
    key === 'created_at'
      ? [direction(users.createdAt)]
      : key === 'role'
        ? [direction(users.role), asc(folded(sql`${users.firstLastname}`)), asc(folded(sql`${users.name}`))]
        : [direction(folded(sql`${users.name}`)), direction(folded(sql`${users.firstLastname}`)), direction(folded(sql`${users.secondLastname}`))];
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...order, asc(users.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { rows, total: totalRow?.n ?? 0 };
}
