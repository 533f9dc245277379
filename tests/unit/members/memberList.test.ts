import { describe, expect, it } from 'vitest';
import { memberRow } from '../../../contract/members';
import {
  filterMembers,
  filtersFromParams,
  noFilters,
  pageOf,
  paramsFromFilters,
  prepareMembers,
  mayInvite,
  searchTerms,
  signInState,
  type MemberFilters,
} from '../../../src/features/members/memberList';
import { aMember } from './membersTestKit';

const ana = aMember({
  id: 'a',
  name: 'Ana María',
  first_lastname: 'Núñez',
  second_lastname: 'Peña',
  email: 'ana@colinas.test',
  rut: '12.345.678-5',
  role: 'guardian',
  section_ids: ['sec-1a'],
  has_pin: true,
  created_at: '2026-01-01T00:00:00Z',
});
const bruno = aMember({
  id: 'b',
  name: 'Bruno',
  first_lastname: 'Álvarez',
  second_lastname: '',
  email: 'bruno@colinas.test',
  rut: '11.111.111-1',
  role: 'staff',
  status: 'pending',
  place_id: 'place-centro',
  created_at: '2026-03-01T00:00:00Z',
});
const carla = aMember({
  id: 'c',
  name: 'Carla',
  first_lastname: 'Zúñiga',
  second_lastname: '',
  email: 'carla@correo.test',
  role: 'student',
  status: 'disabled',
  section_ids: ['sec-1a', 'sec-2a'],
  created_at: '2026-02-01T00:00:00Z',
});
const all = prepareMembers([carla, ana, bruno]);
const ids = (filters: Partial<MemberFilters>) => filterMembers(all, { ...noFilters, ...filters }).map((row) => row.id);

describe('the members list', () => {
  it('finds members by name, last names and email whatever the accents and case', () => {
    expect(ids({ q: 'nunez' })).toEqual(['a']);
    expect(ids({ q: 'PEÑA ana' })).toEqual(['a']);
    expect(ids({ q: 'alvarez' })).toEqual(['b']);
    expect(ids({ q: 'correo.test' })).toEqual(['c']);
    expect(ids({ q: 'zuniga bruno' })).toEqual([]);
  });

  it('finds a rut typed with or without dots and dash, or a piece of it', () => {
    expect(ids({ q: '12.345.678-5' })).toEqual(['a']);
    expect(ids({ q: '123456785' })).toEqual(['a']);
    expect(ids({ q: '12345678-5' })).toEqual(['a']);
    expect(ids({ q: '345.678' })).toEqual(['a']);
    expect(searchTerms('11.111.111-K')).toEqual(['11111111k']);
  });

  it('filters by role, state, place, section and missing PIN', () => {
    expect(ids({ role: 'staff' })).toEqual(['b']);
    expect(ids({ status: 'pending' })).toEqual(['b']);
    expect(ids({ status: 'disabled' })).toEqual(['c']);
    expect(ids({ place: 'place-centro' })).toEqual(['b']);
    expect(ids({ section: 'sec-1a' })).toEqual(['a', 'c']);
    expect(ids({ noPin: true })).toEqual(['b', 'c']);
  });

  it('sorts by last name, by role, or newest first', () => {
    expect(ids({ sort: 'name' })).toEqual(['b', 'a', 'c']);
    expect(ids({ sort: 'role' })).toEqual(['b', 'a', 'c']);
    expect(ids({ sort: 'newest' })).toEqual(['b', 'c', 'a']);
  });

  it('shows 50 a page and keeps the page within those there are', () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(items, 1)).toMatchObject({ page: 1, pages: 3 });
    expect(pageOf(items, 3).items).toEqual(items.slice(100));
    expect(pageOf(items, 9).page).toBe(3);
    expect(pageOf([], 2)).toMatchObject({ items: [], page: 1, pages: 1 });
  });

  it('keeps the filters and the page in the address, ignoring values it does not know', () => {
    const filters: MemberFilters = { q: 'ana', role: 'guardian', status: 'pending', place: 'p', section: 's', noPin: true, notSignedIn: true, sort: 'newest' };
    expect(filtersFromParams(paramsFromFilters(filters, 4))).toEqual({ filters, page: 4 });
    expect(filtersFromParams(new URLSearchParams('role=king&status=gone&sort=x'))).toEqual({ filters: noFilters, page: 1 });
  });

  it('shows only members who never signed in with "Not yet signed in", invited or not', () => {
    const signedIn = aMember({ id: 's', signed_in_at: '2026-05-01T08:00:00Z', invited_at: '2026-04-20T08:00:00Z' });
    const invited = aMember({ id: 'i', invited_at: '2026-04-20T08:00:00Z' });
    const never = aMember({ id: 'n' });
    // A row synced before the fields existed: no signed_in_at at all.
    const old = { ...aMember({ id: 'o' }), signed_in_at: undefined, invited_at: undefined, email_bounced: undefined } as unknown as ReturnType<typeof aMember>;
    const rows = prepareMembers([signedIn, invited, never, old]);
    expect(
      filterMembers(rows, { ...noFilters, notSignedIn: true })
        .map((m) => m.id)
        .sort(),
    ).toEqual(['i', 'n', 'o']);
    expect(filterMembers(rows, noFilters)).toHaveLength(4);
    expect(paramsFromFilters({ ...noFilters, notSignedIn: true }).toString()).toBe('notsignedin=1');
  });

  it('parses a row synced before signing in was on it as never invited, never signed in, not bounced', () => {
    const { invited_at: _i, signed_in_at: _s, email_bounced: _b, ...older } = aMember();
    expect(memberRow.parse(older)).toMatchObject({ invited_at: null, signed_in_at: null, email_bounced: false });
  });

  it('says bounced before signed in before invited, and nothing for a member never invited', () => {
    expect(signInState(aMember({ email_bounced: true, signed_in_at: '2026-05-01T08:00:00Z' }))).toEqual({ kind: 'bounced' });
    expect(signInState(aMember({ signed_in_at: '2026-05-01T08:00:00Z', invited_at: '2026-04-20T08:00:00Z' }))).toEqual({ kind: 'signedIn' });
    expect(signInState(aMember({ invited_at: '2026-04-20T08:00:00Z' }))).toEqual({ kind: 'invited', at: '2026-04-20T08:00:00Z' });
    expect(signInState(aMember())).toBeNull();
  });

  it('offers an invitation to active members who never signed in, with an address that does not bounce, never to oneself', () => {
    expect(mayInvite(aMember(), false)).toBe(true);
    expect(mayInvite(aMember(), true)).toBe(false);
    expect(mayInvite(aMember({ status: 'disabled' }), false)).toBe(false);
    expect(mayInvite(aMember({ status: 'pending' }), false)).toBe(false);
    expect(mayInvite(aMember({ signed_in_at: '2026-05-01T08:00:00Z' }), false)).toBe(false);
    expect(mayInvite(aMember({ email_bounced: true }), false)).toBe(false);
  });

  // How long it takes is bench/membersList.ts's figure.
  it('filters 5,000 members by every word typed, accents aside', () => {
    const many = prepareMembers(
      Array.from({ length: 5000 }, (_, i) => aMember({ name: `Nombre${i}`, first_lastname: i % 2 ? 'González' : 'Muñoz', rut: null })),
    );
    const found = filterMembers(many, { ...noFilters, q: 'gonzalez nombre12' });
    // Nombre12, Nombre120–129, Nombre1200–1299 with an odd number: 55.
    expect(found.length).toBe(55);
    expect(found.every((member) => member.first_lastname === 'González' && member.name.startsWith('Nombre12'))).toBe(true);
  });
});
