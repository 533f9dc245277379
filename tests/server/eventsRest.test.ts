import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event, EventListResponse } from '../../contract/events';
import { addDays, dayIn } from '../../contract/eventTime';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, eventArgs, push, type CollegeRefs } from './syncHelpers';

describe.each(backends)('events REST on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const tokens = { staff: '', student: '', guardian: '', other: '' };
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { host, ...bearer(token) }, ...(payload ? { payload } : {}) });
  const fieldsOf = ({ id: _id, ...fields }: ReturnType<typeof eventArgs>) => fields;

  beforeAll(async () => {
    server = await startServer(backend);
    refs = await collegeRefs(server.db, 'colinas');
    tokens.staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    tokens.student = await signIn(server.app, host, { email: 'student@colinas.test' });
    tokens.guardian = await signIn(server.app, host, { email: 'guardian@colinas.test' });
    tokens.other = await signIn(server.app, host, { email: 'sofia.sepulveda@colinas.test' });
  });
  afterAll(() => server.close());

  it('creates, reads, updates and deletes an event, visible only to its audience, each change a new sequence', async () => {
    const fields = fieldsOf(
      eventArgs(refs, ['1° Básico A'], 'students', { name: 'Salida al museo', description: '<p>Traer colación<script>alert(1)</script></p>' }),
    );
    const created = await call(tokens.staff, 'POST', '/api/v1/events', fields);
    expect(created.statusCode).toBe(201);
    const event = json<Event>(created);
    expect(event).toMatchObject({
      name: 'Salida al museo',
      description: '<p>Traer colación</p>',
      time_zone: 'America/Santiago',
      sequence: 0,
      calendar_sync: true,
      author_name: 'Daniel Méndez',
      college_id: refs.collegeId,
    });
    expect(json(await call(tokens.student, 'GET', `/api/v1/events/${event.id}`))).toEqual(event);
    for (const token of [tokens.other, tokens.guardian]) expect((await call(token, 'GET', `/api/v1/events/${event.id}`)).statusCode).toBe(404);
    expect((await call(tokens.student, 'GET', '/api/v1/events/not-an-id')).statusCode).toBe(404);

    const updated = await call(tokens.staff, 'PUT', `/api/v1/events/${event.id}`, {
      ...fields,
      name: 'Salida al museo (nueva hora)',
      start: '2026-09-01T17:00',
    });
    expect(updated.statusCode).toBe(200);
    expect(json<Event>(updated)).toMatchObject({ name: 'Salida al museo (nueva hora)', start: '2026-09-01T17:00', sequence: 1, created_at: event.created_at });
    const again = await call(tokens.staff, 'PUT', `/api/v1/events/${event.id}`, { ...fields, scope: 'everyone' });
    expect(json<Event>(again).sequence).toBe(2);
    expect((await call(tokens.guardian, 'GET', `/api/v1/events/${event.id}`)).statusCode).toBe(200);

    expect((await call(tokens.staff, 'DELETE', `/api/v1/events/${event.id}`)).statusCode).toBe(204);
    const gone = await call(tokens.staff, 'GET', `/api/v1/events/${event.id}`);
    expect(gone.statusCode).toBe(404);
    expect(json(gone)).toEqual({ message: messages.eventNotFound });
    expect((await call(tokens.staff, 'DELETE', `/api/v1/events/${event.id}`)).statusCode).toBe(404);
    expect((await call(tokens.staff, 'PUT', `/api/v1/events/${event.id}`, fields)).statusCode).toBe(404);
  });

  it('keeps the id a client chose, and refuses it a second time', async () => {
    const args = eventArgs(refs, [], 'college');
    const first = await call(tokens.staff, 'POST', '/api/v1/events', args);
    expect(json<Event>(first).id).toBe(args.id);
    const second = await call(tokens.staff, 'POST', '/api/v1/events', { ...args, name: 'Otro' });
    expect(second.statusCode).toBe(409);
    expect(json(second)).toEqual({ message: messages.conflict });
  });

  it('answers the same 422 as the events.create mutation, every message at once, and changes nothing', async () => {
    const bad = eventArgs(refs, ['1° Básico A'], 'everyone', { name: ' ', end: '2026-09-01T17:00', repeat: { freq: 'weekly' }, section_ids: [] });
    const rest = await call(tokens.staff, 'POST', '/api/v1/events', bad);
    expect(rest.statusCode).toBe(422);
    expect(json(rest)).toEqual({
      message: messages.eventNameRequired,
      errors: {
        name: [messages.eventNameRequired],
        section_ids: [messages.postSectionsRequired],
        end: [messages.eventEndBeforeStart],
        repeat: [messages.eventRepeatEnd],
      },
    });
    const [pushed] = await push({ app: server.app, host, token: tokens.staff }, [{ name: 'events.create', args: bad }]);
    expect(pushed!.error).toEqual({ status: 422, ...json(rest) });
    expect((await call(tokens.staff, 'GET', `/api/v1/events/${bad.id}`)).statusCode).toBe(404);
    const category = await call(tokens.staff, 'POST', '/api/v1/events', { ...bad, name: 'Bien', category: 'party' });
    expect(json(category)).toEqual({ message: messages.eventCategoryInvalid, errors: { category: [messages.eventCategoryInvalid] } });

    const unknown = await call(tokens.staff, 'POST', '/api/v1/events', { ...eventArgs(refs, ['1° Básico A'], 'everyone'), section_ids: [uuidv7()] });
    expect(unknown.statusCode).toBe(422);
    expect(json(unknown)).toEqual({ message: messages.unknownReference, errors: { section_ids: [messages.unknownReference] } });

    const kept = json<Event>(await call(tokens.staff, 'POST', '/api/v1/events', fieldsOf(eventArgs(refs, [], 'college'))));
    const refused = await call(tokens.staff, 'PUT', `/api/v1/events/${kept.id}`, { ...fieldsOf(eventArgs(refs, [], 'college')), all_day: true });
    expect(refused.statusCode).toBe(422);
    expect(json<{ errors: object }>(refused).errors).toEqual({ start: [messages.eventStartInvalid], end: [messages.eventEndInvalid] });
    expect(json(await call(tokens.staff, 'GET', `/api/v1/events/${kept.id}`))).toEqual(kept);
  });

  it('refuses students with 403 before reading what they sent', async () => {
    const event = json<Event>(await call(tokens.staff, 'POST', '/api/v1/events', fieldsOf(eventArgs(refs, ['1° Básico A'], 'everyone'))));
    for (const [method, url, payload] of [
      ['POST', '/api/v1/events', fieldsOf(eventArgs(refs, ['1° Básico A'], 'everyone'))],
      ['POST', '/api/v1/events', {}],
      ['PUT', `/api/v1/events/${event.id}`, { ...event, name: 'Cambiado' }],
      ['DELETE', `/api/v1/events/${event.id}`, undefined],
    ] as const) {
      const refused = await call(tokens.student, method, url, payload);
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toEqual({ message: messages.forbidden });
    }
    expect(json(await call(tokens.student, 'GET', `/api/v1/events/${event.id}`))).toEqual(event);
  });

  it('lists the visible events that touch a range of days, by first day', async () => {
    // 2031: far from the demo calendar, which is around today.
    const make = async (overrides: Parameters<typeof eventArgs>[3], sections: string[] = [], scope: Parameters<typeof eventArgs>[2] = 'college') =>
      json<Event>(await call(tokens.staff, 'POST', '/api/v1/events', fieldsOf(eventArgs(refs, sections, scope, overrides))));
    const before = await make({ start: '2031-03-10T10:00', end: '2031-03-10T11:00' });
    const camp = await make({ all_day: true, start: '2031-03-30', end: '2031-04-02' });
    const weekly = await make({ start: '2031-01-06T18:00', end: '2031-01-06T19:00', repeat: { freq: 'weekly', count: 20 } });
    const staffOnly = await make({ start: '2031-04-15T08:00', end: '2031-04-15T09:00' }, [], 'staff');
    const otherSection = await make({ start: '2031-04-16T08:00', end: '2031-04-16T09:00' }, ['2° Básico A'], 'students');
    const ownSection = await make({ start: '2031-04-17T08:00', end: '2031-04-17T09:00' }, ['1° Básico A'], 'students');
    const after = await make({ start: '2031-05-01T10:00', end: '2031-05-01T11:00' });
    const april = '/api/v1/events?from=2031-04-01&to=2031-04-30';

    const staff = json<EventListResponse>(await call(tokens.staff, 'GET', april)).data.map((e) => e.id);
    expect(staff).toEqual([weekly.id, camp.id, staffOnly.id, otherSection.id, ownSection.id]);
    expect(staff).not.toContain(before.id);
    expect(staff).not.toContain(after.id);
    const student = json<EventListResponse>(await call(tokens.student, 'GET', april)).data.map((e) => e.id);
    expect(student).toEqual([weekly.id, camp.id, ownSection.id]);
    const oneDay = json<EventListResponse>(await call(tokens.staff, 'GET', '/api/v1/events?from=2031-04-02&to=2031-04-02')).data.map((e) => e.id);
    expect(oneDay).toEqual([weekly.id, camp.id]);

    // Without a range: today and the next 90 days of the college's calendar.
    const today = dayIn(new Date(), 'America/Santiago');
    const upcoming = json<EventListResponse>(await call(tokens.staff, 'GET', '/api/v1/events')).data;
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.map((e) => e.id)).not.toContain(weekly.id);
    expect(upcoming.every((e) => e.start.slice(0, 10) <= addDays(today, 90))).toBe(true);
  });

  it('refuses a range that is reversed, too long or not made of days', async () => {
    for (const [query, field, message] of [
      ['from=2031-05-01&to=2031-04-01', 'to', messages.eventRangeInvalid],
      ['from=2031-01-01&to=2032-02-06', 'to', messages.eventRangeInvalid],
      ['from=2031-02-30', 'from', messages.dateInvalid],
      ['to=tomorrow', 'to', messages.dateInvalid],
    ] as const) {
      const refused = await call(tokens.staff, 'GET', `/api/v1/events?${query}`);
      expect(refused.statusCode, query).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(refused).errors[field], query).toEqual([message]);
    }
    expect((await call(tokens.staff, 'GET', '/api/v1/events?from=2031-01-01&to=2032-02-05')).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/events', headers: { host } })).statusCode).toBe(401);
  });
});
