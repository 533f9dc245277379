import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactRow } from '../../contract/contacts';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { contacts } from '../../server/contacts/schema';
import { places } from '../../server/db/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, deletedIds, pullAll, push, upsertedIds, type Session } from './syncHelpers';

type Member = 'admin' | 'staff' | 'student' | 'guardian';
const members: Member[] = ['admin', 'staff', 'student', 'guardian'];

describe.each(backends)('contacts: the school directory on $name', (backend) => {
  let server: TestServer;
  let placeId = '';
  let britishPlaceId = '';
  const host = hostOf('colinas');
  const tokens: Record<Member | 'britishAdmin', string> = { admin: '', staff: '', student: '', guardian: '', britishAdmin: '' };
  const session = (who: Member): Session => ({ app: server.app, host, token: tokens[who] });
  const call = (who: Member | 'britishAdmin', method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    server.app.inject({
      method,
      url,
      headers: { host: who === 'britishAdmin' ? hostOf('british') : host, ...bearer(tokens[who]) },
      ...(payload === undefined ? {} : { payload }),
    });
  const fields = (overrides: Record<string, unknown> = {}) => ({
    name: 'Biblioteca',
    title: 'Bibliotecaria',
    place_id: placeId,
    email: 'biblioteca@colinas.test',
    phone: '+56 2 2345 6720',
    notes: 'Préstamos de 8:00 a 16:00.',
    visibility: 'all',
    ...overrides,
  });
  /** A contact made by the administrator (as a pushed mutation). */
  const made = async (overrides: Record<string, unknown> = {}) => {
    const id = uuidv7();
    const [result] = await push(session('admin'), [{ name: 'contacts.create', args: { id, ...fields(overrides) } }]);
    expect(result).toMatchObject({ status: 'applied' });
    return id;
  };
  const stored = async (id: string) => (await server.db.select().from(contacts).where(eq(contacts.id, id)))[0];

  beforeAll(async () => {
    server = await startServer(backend);
    const colinas = await collegeRefs(server.db, 'colinas');
    const british = await collegeRefs(server.db, 'british');
    const placeOf = async (collegeId: string) =>
      (
        await server.db
          .select()
          .from(places)
          .where(and(eq(places.collegeId, collegeId), isNull(places.deletedAt)))
      )[0]!.id;
    placeId = await placeOf(colinas.collegeId);
    britishPlaceId = await placeOf(british.collegeId);
    for (const who of members) tokens[who] = await signIn(server.app, host, { email: `${who}@colinas.test` });
    tokens.britishAdmin = await signIn(server.app, hostOf('british'), { email: 'admin@british.test' });
  });
  afterAll(() => server.close());

  it('lets an administrator create, edit and delete a contact over REST, and every member read it', async () => {
    const created = await call('admin', 'POST', '/api/v1/admin/contacts', fields({ email: ' Biblioteca@Colinas.TEST ' }));
    expect(created.statusCode, created.body).toBe(201);
    const contact = json<ContactRow>(created);
    expect(contact).toMatchObject({ name: 'Biblioteca', email: 'biblioteca@colinas.test', place_id: placeId, visibility: 'all' });
    for (const who of members) {
      expect((await call(who, 'GET', `/api/v1/contacts/${contact.id}`)).statusCode).toBe(200);
      expect(json<{ data: ContactRow[] }>(await call(who, 'GET', '/api/v1/contacts?q=bibliotec')).data.map((c) => c.id)).toContain(contact.id);
    }
    const edited = await call('admin', 'PUT', `/api/v1/admin/contacts/${contact.id}`, fields({ name: 'Biblioteca CRA', phone: '2345 6721', place_id: null }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<ContactRow>(edited)).toMatchObject({ name: 'Biblioteca CRA', phone: '2345 6721', place_id: null });
    expect((await call('admin', 'DELETE', `/api/v1/admin/contacts/${contact.id}`)).statusCode).toBe(204);
    expect((await call('student', 'GET', `/api/v1/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/v1/admin/contacts/${contact.id}`)).statusCode).toBe(404);
  });

  it('lists the demo directory by name, the staff-only office to staff and administrators only', async () => {
    const names = async (who: Member) => json<{ data: ContactRow[] }>(await call(who, 'GET', '/api/v1/contacts')).data.map((c) => c.name);
    const forStaff = await names('staff');
    expect(forStaff).toEqual(expect.arrayContaining(['Secretaría', 'Dirección', 'Enfermería', 'Mantención']));
    expect(forStaff).toEqual([...forStaff].sort((a, b) => (a < b ? -1 : 1)));
    expect(await names('admin')).toContain('Mantención');
    for (const who of ['student', 'guardian'] as const) {
      const seen = await names(who);
      expect(seen).toContain('Secretaría');
      expect(seen).not.toContain('Mantención');
    }
  });

  it('refuses every write to staff, students and guardians (403), by REST and by push, changing nothing', async () => {
    const id = await made({ name: 'Portería' });
    for (const who of ['staff', 'student', 'guardian'] as const) {
      expect((await call(who, 'POST', '/api/v1/admin/contacts', fields())).statusCode).toBe(403);
      expect((await call(who, 'PUT', `/api/v1/admin/contacts/${id}`, fields({ name: 'Cambiado' }))).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `/api/v1/admin/contacts/${id}`)).statusCode).toBe(403);
      const results = await push(session(who), [
        { name: 'contacts.create', args: { id: uuidv7(), ...fields() } },
        { name: 'contacts.update', args: { id, ...fields({ name: 'Cambiado' }) } },
        { name: 'contacts.delete', args: { id } },
      ]);
      expect(results.map((r) => [r.status, r.error?.status])).toEqual([
        ['rejected', 403],
        ['rejected', 403],
        ['rejected', 403],
      ]);
    }
    expect(await stored(id)).toMatchObject({ name: 'Portería', deletedAt: null });
    expect(await server.db.select().from(contacts).where(eq(contacts.name, 'Cambiado'))).toEqual([]);
  });

  it("does not let another college's administrator read or touch them (404)", async () => {
    const id = await made({ name: 'Casino' });
    expect((await call('britishAdmin', 'GET', `/api/v1/contacts/${id}`)).statusCode).toBe(404);
    expect((await call('britishAdmin', 'PUT', `/api/v1/admin/contacts/${id}`, fields({ place_id: britishPlaceId }))).statusCode).toBe(404);
    expect((await call('britishAdmin', 'DELETE', `/api/v1/admin/contacts/${id}`)).statusCode).toBe(404);
    const britishSession: Session = { app: server.app, host: hostOf('british'), token: tokens.britishAdmin };
    const results = await push(britishSession, [
      { name: 'contacts.update', args: { id, ...fields({ place_id: britishPlaceId }) } },
      { name: 'contacts.delete', args: { id } },
      // Its id is taken: a create with it never overwrites the other college's row.
      { name: 'contacts.create', args: { id, ...fields({ place_id: britishPlaceId }) } },
    ]);
    expect(results.map((r) => r.error?.status)).toEqual([404, 404, 409]);
    expect(json<{ data: ContactRow[] }>(await call('britishAdmin', 'GET', '/api/v1/contacts')).data.map((c) => c.id)).not.toContain(id);
    // A place of another college is no place of this one.
    const foreignPlace = await call('admin', 'POST', '/api/v1/admin/contacts', fields({ place_id: britishPlaceId }));
    expect(foreignPlace.statusCode).toBe(422);
    expect(json(foreignPlace)).toMatchObject({ errors: { place_id: [messages.unknownReference] } });
    expect(await stored(id)).toMatchObject({ name: 'Casino', placeId, deletedAt: null });
  });

  it('never sends a staff-only contact to a student or a guardian, and sends it to staff', async () => {
    const hidden = await made({ name: 'Sala de profesores', visibility: 'staff' });
    for (const who of ['student', 'guardian'] as const) {
      const { changes } = await pullAll(session(who));
      expect(upsertedIds(changes, 'contacts')).not.toContain(hidden);
      expect(deletedIds(changes, 'contacts')).not.toContain(hidden);
      expect((await call(who, 'GET', `/api/v1/contacts/${hidden}`)).statusCode).toBe(404);
    }
    expect(upsertedIds((await pullAll(session('staff'))).changes, 'contacts')).toContain(hidden);
  });

  it("reaches a guardian's device as a delete when made staff-only, and again when made public", async () => {
    const id = await made({ name: 'Orientación' });
    const first = await pullAll(session('guardian'));
    expect(upsertedIds(first.changes, 'contacts')).toContain(id);
    const [hide] = await push(session('admin'), [{ name: 'contacts.update', args: { id, ...fields({ name: 'Orientación', visibility: 'staff' }) } }]);
    expect(hide).toMatchObject({ status: 'applied' });
    const second = await pullAll(session('guardian'), first.cursor);
    expect(deletedIds(second.changes, 'contacts')).toEqual([id]);
    expect(upsertedIds((await pullAll(session('staff'))).changes, 'contacts')).toContain(id);
    await push(session('admin'), [{ name: 'contacts.update', args: { id, ...fields({ name: 'Orientación', visibility: 'all' }) } }]);
    expect(upsertedIds((await pullAll(session('guardian'), second.cursor)).changes, 'contacts')).toEqual([id]);
  });

  it('answers bad input with 422 on the field, changing nothing', async () => {
    const id = await made({ name: 'Centro de padres' });
    const before = await stored(id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', messages.contactNameRequired],
      [{ email: 'no-es-un-correo' }, 'email', messages.emailInvalid],
      [{ phone: '+56 2 abc' }, 'phone', messages.contactPhoneInvalid],
      [{ phone: '12' }, 'phone', messages.contactPhoneInvalid],
      [{ visibility: 'everyone' }, 'visibility', messages.contactVisibilityInvalid],
      [{ notes: 'x'.repeat(1001) }, 'notes', messages.tooLong],
      [{ place_id: uuidv7() }, 'place_id', messages.unknownReference],
    ];
    for (const [change, field, message] of cases) {
      const rest = await call('admin', 'PUT', `/api/v1/admin/contacts/${id}`, fields(change));
      expect(rest.statusCode, `${field}: ${rest.body}`).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(rest).errors[field]).toEqual([message]);
      const created = await call('admin', 'POST', '/api/v1/admin/contacts', fields({ name: 'Nuevo', ...change }));
      expect(created.statusCode).toBe(422);
      const [pushed] = await push(session('admin'), [{ name: 'contacts.update', args: { id, ...fields(change) } }]);
      expect(pushed).toMatchObject({ status: 'rejected', error: { status: 422, errors: { [field]: [message] } } });
    }
    expect(await stored(id)).toEqual(before);
    expect(await server.db.select().from(contacts).where(eq(contacts.name, 'Nuevo'))).toEqual([]);
  });

  it('keeps a contact without email, phone or place, and answers 404 for unknown ids', async () => {
    const bare = await call('admin', 'POST', '/api/v1/admin/contacts', { name: 'Recepción' });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(json<ContactRow>(bare)).toMatchObject({ title: '', email: '', phone: '', notes: '', place_id: null, visibility: 'all' });
    expect((await call('student', 'GET', `/api/v1/contacts/${uuidv7()}`)).statusCode).toBe(404);
    expect((await call('student', 'GET', '/api/v1/contacts/not-an-id')).statusCode).toBe(404);
    expect((await call('admin', 'PUT', `/api/v1/admin/contacts/${uuidv7()}`, fields())).statusCode).toBe(404);
  });
});
