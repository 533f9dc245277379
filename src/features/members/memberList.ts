import type { MemberRow, MemberStatus } from '../../../contract/members';
import type { Role } from '../../../contract/permissions';

/**
 * The members list's logic, apart from React: search, filters, sort and pages over the
 * rows of one live query. Everything runs in memory: a college has a few thousand members,
 * and a pass over 5,000 prepared rows takes about a millisecond (bench/membersList.ts).
 */

export type MemberSort = 'name' | 'role' | 'newest';
export const memberSorts: readonly MemberSort[] = ['name', 'role', 'newest'];
export const membersPerPage = 50;

export interface MemberFilters {
  q: string;
  role: Role | '';
  status: MemberStatus | '';
  place: string;
  section: string;
  /** Only members without a PIN (the original app's warning). */
  noPin: boolean;
  /** Only members who never signed in (those an invitation is for). */
  notSignedIn: boolean;
  sort: MemberSort;
}

export const noFilters: MemberFilters = { q: '', role: '', status: '', place: '', section: '', noPin: false, notSignedIn: false, sort: 'name' };

/** Lower case without accents: "Peña Ñúñez" and "pena nunez" are the same words. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A rut, or a piece of one, without dots, dashes and spaces: `12.345.678-5` → `123456785`. */
const compactId = (text: string) => text.replace(/[.\-\s]/g, '');

/** A member with what the search reads prepared once per change of the list, not per keystroke. */
export interface PreparedMember {
  row: MemberRow;
  /** Names and email, folded; then the compact rut. */
  haystack: string;
  /** "Rojas Pérez Ana" folded, for sorting by last name. */
  sortName: string;
}

export function fullName(row: Pick<MemberRow, 'name' | 'first_lastname' | 'second_lastname'>): string {
  return [row.name, row.first_lastname, row.second_lastname].filter(Boolean).join(' ');
}

export function prepareMembers(rows: readonly MemberRow[]): PreparedMember[] {
  return rows.map((row) => ({
    row,
    haystack: `${foldText(`${fullName(row)} ${row.email}`)} ${row.rut ? compactId(row.rut).toLowerCase() : ''}`,
    sortName: foldText(`${row.first_lastname} ${row.second_lastname} ${row.name}`).trim(),
  }));
}

/**
 * Every word typed must be found in the member's names, email or rut; a word that is a
 * piece of a rut is compared without its dots and dash, so `12.345.678-5`, `12345678-5`
 * and `123456785` find the same member.
 */
export function searchTerms(q: string): string[] {
  return foldText(q)
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => (/^[\d.-]+k?$/.test(term) && /\d/.test(term) ? compactId(term) : term));
}

/** Never signed in (rows synced before the field existed read as never). */
export const neverSignedIn = (row: Pick<MemberRow, 'signed_in_at'>): boolean => !row.signed_in_at;

/**
 * What the list says of a member's signing in: their address bounces (first: nothing reaches
 * them), they signed in, or when their invitation was sent; nothing for a member never invited.
 */
export type SignInState = { kind: 'bounced' } | { kind: 'signedIn' } | { kind: 'invited'; at: string } | null;

export function signInState(row: Pick<MemberRow, 'signed_in_at' | 'invited_at' | 'email_bounced'>): SignInState {
  if (row.email_bounced) return { kind: 'bounced' };
  if (row.signed_in_at) return { kind: 'signedIn' };
  if (row.invited_at) return { kind: 'invited', at: row.invited_at };
  return null;
}

/** An administrator may invite them: active, never signed in, an address that does not bounce, not themselves. */
export const mayInvite = (row: Pick<MemberRow, 'status' | 'signed_in_at' | 'email_bounced' | 'email'>, isSelf: boolean): boolean =>
  !isSelf && row.status === 'active' && neverSignedIn(row) && !row.email_bounced && row.email.includes('@');

const roleOrder: Record<Role, number> = { admin: 0, staff: 1, guardian: 2, student: 3 };
const collator = new Intl.Collator(undefined, { numeric: true });

function compare(sort: MemberSort) {
  const byName = (a: PreparedMember, b: PreparedMember) => collator.compare(a.sortName, b.sortName) || a.row.id.localeCompare(b.row.id);
  if (sort === 'role') return (a: PreparedMember, b: PreparedMember) => roleOrder[a.row.role] - roleOrder[b.row.role] || byName(a, b);
  if (sort === 'newest') return (a: PreparedMember, b: PreparedMember) => b.row.created_at.localeCompare(a.row.created_at) || b.row.id.localeCompare(a.row.id);
  return byName;
}

/** The members that pass every filter, in the chosen order. */
export function filterMembers(members: readonly PreparedMember[], filters: MemberFilters): MemberRow[] {
  const terms = searchTerms(filters.q);
  const matched = members.filter(({ row, haystack }) => {
    if (filters.role && row.role !== filters.role) return false;
    if (filters.status && row.status !== filters.status) return false;
    if (filters.place && row.place_id !== filters.place) return false;
    if (filters.section && !row.section_ids.includes(filters.section)) return false;
    if (filters.noPin && row.has_pin) return false;
    if (filters.notSignedIn && !neverSignedIn(row)) return false;
    return terms.every((term) => haystack.includes(term));
  });
  return matched.sort(compare(filters.sort)).map((member) => member.row);
}

export function pageCount(total: number, perPage = membersPerPage): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** One page of the list (1-based, clamped to the pages there are). */
export function pageOf<T>(items: readonly T[], page: number, perPage = membersPerPage): { items: T[]; page: number; pages: number } {
  const pages = pageCount(items.length, perPage);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { items: items.slice((current - 1) * perPage, current * perPage), page: current, pages };
}

const roles: readonly string[] = ['admin', 'staff', 'student', 'guardian'];
const statuses: readonly string[] = ['active', 'pending', 'disabled'];

/** The filters as the address says them (`/users?status=pending&q=ana&page=2`); unknown values are ignored. */
export function filtersFromParams(params: URLSearchParams): { filters: MemberFilters; page: number } {
  const role = params.get('role') ?? '';
  const status = params.get('status') ?? '';
  const sort = params.get('sort') ?? '';
  return {
    filters: {
      q: params.get('q') ?? '',
      role: (roles.includes(role) ? role : '') as MemberFilters['role'],
      status: (statuses.includes(status) ? status : '') as MemberFilters['status'],
      place: params.get('place') ?? '',
      section: params.get('section') ?? '',
      noPin: params.get('nopin') === '1',
      notSignedIn: params.get('notsignedin') === '1',
      sort: (memberSorts as readonly string[]).includes(sort) ? (sort as MemberSort) : 'name',
    },
    page: Number(params.get('page')) || 1,
  };
}

export function paramsFromFilters(filters: MemberFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.role) params.set('role', filters.role);
  if (filters.status) params.set('status', filters.status);
  if (filters.place) params.set('place', filters.place);
  if (filters.section) params.set('section', filters.section);
  if (filters.noPin) params.set('nopin', '1');
  if (filters.notSignedIn) params.set('notsignedin', '1');
  if (filters.sort !== 'name') params.set('sort', filters.sort);
  if (page > 1) params.set('page', String(page));
  return params;
}
