import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedResponse } from '../../contract/calendarFeed';
import { calendarUid } from '../../contract/eventCalendar';
import { occurrencesBetween } from '../../contract/eventRecurrence';
import type { Event } from '../../contract/events';
import { messages } from '../../contract/messages';
import { users } from '../../server/db/schema';
import { backends, bearer, hostOf, json, signIn, startServer, type TestServer } from './harness';
import { collegeRefs, eventArgs, type CollegeRefs } from './syncHelpers';

/** A parsed feed: its events by UID, with their zones registered so times read as they say. */
interface ParsedFeed {
  calendar: ICAL.Component;
  events: Map<string, ICAL.Event>;
}

function parseFeed(text: string): ParsedFeed {
  const calendar = ICAL.Component.fromString(text);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = new Map(calendar.getAllSubcomponents('vevent').map((vevent) => [String(vevent.getFirstPropertyValue('uid')), new ICAL.Event(vevent)]));
  return { calendar, events };
}

/** Every start of a repeating event, as the calendar app expands it. */
function expand(event: ICAL.Event): ICAL.Time[] {
  const starts: ICAL.Time[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && starts.length < 600; next = iterator.next()) starts.push(next);
  return starts;
}

const feedLimit = 25;

describe.each(backends)('private calendar feeds on $name', (backend) => {
  let server: TestServer;
  let refs: CollegeRefs;
  const host = hostOf('colinas');
  const tokens = { staff: '', student: '', guardian: '' };

  beforeAll(async () => {
    server = await startServer(backend, {
      rateLimits: {
        forgotPassword: { max: 10, timeWindowMs: 60_000 },
        signup: { max: 10, timeWindowMs: 60_000 },
        calendarFeed: { max: feedLimit, timeWindowMs: 60_000 },
      },
    });
    refs = await collegeRefs(server.db, 'colinas');
    tokens.staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    tokens.student = await signIn(server.app, host, { email: 'student@colinas.test' });
    tokens.guardian = await signIn(server.app, host, { email: 'guardian@colinas.test' });
  });
  afterAll(() => server.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: { host, ...bearer(token) }, ...(payload ? { payload } : {}) });

  /** A new feed address for the member (a fresh one per test keeps the per-address limit apart). */
  const subscribe = async (token: string): Promise<string> => {
    const response = await call(token, 'POST', '/api/v1/calendar/feed');
    expect(response.statusCode).toBe(201);
    return new URL(json<CalendarFeedResponse>(response).feed!.https).pathname;
  };

  const read = (path: string, headers: Record<string, string> = {}, onHost = host) =>
    server.app.inject({ method: 'GET', url: path, headers: { host: onHost, ...headers } });

  /** Reads and parses a feed, which must be a calendar. */
  const readFeed = async (path: string): Promise<ParsedFeed> => {
    const response = await read(path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    return parseFeed(response.body);
  };

  const create = async (token: string, args: ReturnType<typeof eventArgs>): Promise<Event> => {
    const response = await call(token, 'POST', '/api/v1/events', args);
    expect(response.statusCode, response.body).toBe(201);
    return json<Event>(response);
  };

  it('gives a member one address, shows it again, replaces it on demand and revokes it', async () => {
    expect(json(await call(tokens.guardian, 'GET', '/api/v1/calendar/feed'))).toEqual({ feed: null });
    const made = await call(tokens.guardian, 'POST', '/api/v1/calendar/feed');
    expect(made.statusCode).toBe(201);
    const { feed } = json<CalendarFeedResponse>(made);
    expect(feed!.https).toMatch(/^http:\/\/localhost\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed!.webcal).toBe(feed!.https.replace(/^http:/, 'webcal:'));
    expect(json(await call(tokens.guardian, 'GET', '/api/v1/calendar/feed'))).toEqual({ feed });
    const first = new URL(feed!.https).pathname;
    expect((await read(first)).statusCode).toBe(200);

    const second = await subscribe(tokens.guardian);
    expect(second).not.toBe(first);
    const old = await read(first);
    expect(old.statusCode).toBe(404);
    expect(json(old)).toEqual({ message: messages.calendarFeedNotFound });
    expect((await read(second)).statusCode).toBe(200);

    expect((await call(tokens.guardian, 'DELETE', '/api/v1/calendar/feed')).statusCode).toBe(204);
    expect(json(await call(tokens.guardian, 'GET', '/api/v1/calendar/feed'))).toEqual({ feed: null });
    expect((await read(second)).statusCode).toBe(404);
    expect((await call(tokens.guardian, 'DELETE', '/api/v1/calendar/feed')).statusCode).toBe(204);

    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const anonymous = await server.app.inject({ method, url: '/api/v1/calendar/feed', headers: { host } });
      expect(anonymous.statusCode).toBe(401);
    }
    for (const path of ['/api/v1/calendar/nope.ics', '/api/v1/calendar/feed.ics', `/api/v1/calendar/${'a'.repeat(43)}.ics`, `${first}x`]) {
      const unknown = await read(path);
      expect(unknown.statusCode, path).toBe(404);
      expect(json(unknown)).toEqual({ message: messages.calendarFeedNotFound });
    }
  });

  it('lists live calendar events by stable UID, takes edits with a new SEQUENCE, and drops deleted and unsynced ones', async () => {
    const path = await subscribe(tokens.staff);
    const kept = await create(tokens.staff, eventArgs(refs, [], 'college', { name: 'Consejo escolar', location: 'Sala 1, piso 2' }));
    const unsynced = await create(tokens.staff, eventArgs(refs, [], 'college', { calendar_sync: false }));
    const deleted = await create(tokens.staff, eventArgs(refs, [], 'college'));
    const allDay = await create(
      tokens.staff,
      eventArgs(refs, [], 'college', { all_day: true, start: '2026-09-18', end: '2026-09-20', name: 'Fiestas Patrias' }),
    );

    let feed = await readFeed(path);
    const first = feed.events.get(calendarUid(kept.id))!;
    expect(first.summary).toBe('Consejo escolar');
    expect(first.location).toBe('Sala 1, piso 2');
    expect(first.description).toBe('Detalle del evento.');
    expect(first.sequence).toBe(0);
    expect(first.component.getFirstPropertyValue('url')).toBe(`http://localhost/events?event=${kept.id}`);
    const dtstart = first.component.getFirstProperty('dtstart')!;
    expect(dtstart.getParameter('tzid')).toBe('America/Santiago');
    expect(first.startDate.toString()).toBe('2026-09-01T18:00:00');
    expect(first.startDate.toJSDate().toISOString()).toBe('2026-09-01T22:00:00.000Z');
    expect(first.endDate.toString()).toBe('2026-09-01T19:00:00');
    expect(feed.calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['America/Santiago']);
    expect(feed.calendar.getFirstPropertyValue('x-wr-calname')).toBe('Colegio Las Colinas');
    expect(feed.events.has(calendarUid(deleted.id))).toBe(true);
    expect(feed.events.has(calendarUid(unsynced.id))).toBe(false);
    const holiday = feed.events.get(calendarUid(allDay.id))!;
    expect([holiday.startDate.isDate, holiday.startDate.toString(), holiday.endDate.toString()]).toEqual([true, '2026-09-18', '2026-09-21']);

    const { id: _id, ...fields } = eventArgs(refs, [], 'college', { name: 'Consejo escolar (cambio de sala)', location: 'Sala 2' });
    expect((await call(tokens.staff, 'PUT', `/api/v1/events/${kept.id}`, fields)).statusCode).toBe(200);
    expect((await call(tokens.staff, 'DELETE', `/api/v1/events/${deleted.id}`)).statusCode).toBe(204);
    feed = await readFeed(path);
    const edited = feed.events.get(calendarUid(kept.id))!;
    expect([edited.summary, edited.location, edited.sequence]).toEqual(['Consejo escolar (cambio de sala)', 'Sala 2', 1]);
    expect(feed.events.has(calendarUid(deleted.id))).toBe(false);
    expect(feed.events.has(calendarUid(unsynced.id))).toBe(false);
  });

  it('keeps a weekly 18:00 event at 18:00 across both of Santiago’s clock changes, without its cancelled day', async () => {
    const path = await subscribe(tokens.staff);
    const september = await create(
      tokens.staff,
      eventArgs(refs, [], 'college', { start: '2026-08-25T18:00', end: '2026-08-25T19:30', repeat: { freq: 'weekly', count: 6 }, exceptions: ['2026-09-15'] }),
    );
    const april = await create(
      tokens.staff,
      eventArgs(refs, [], 'college', { start: '2026-03-24T18:00', end: '2026-03-24T19:30', repeat: { freq: 'weekly', until: '2026-04-14' } }),
    );
    const feed = await readFeed(path);

    const septemberStarts = expand(feed.events.get(calendarUid(september.id))!);
    // Clocks go from 00:00 to 01:00 on Sunday 6 September: 18:00 is 22:00 UTC before, 21:00 after.
    expect(septemberStarts.map((t) => t.toString())).toEqual(
      ['2026-08-25', '2026-09-01', '2026-09-08', '2026-09-22', '2026-09-29'].map((day) => `${day}T18:00:00`),
    );
    expect(septemberStarts.map((t) => t.toJSDate().toISOString())).toEqual([
      '2026-08-25T22:00:00.000Z',
      '2026-09-01T22:00:00.000Z',
      '2026-09-08T21:00:00.000Z',
      '2026-09-22T21:00:00.000Z',
      '2026-09-29T21:00:00.000Z',
    ]);
    // The app's own expansion says the same days.
    expect(occurrencesBetween(september, '2026-08-01', '2026-10-31').map((o) => `${o.start}:00`)).toEqual(septemberStarts.map((t) => t.toString()));

    // Clocks go back from 00:00 to 23:00 on Sunday 5 April: 21:00 UTC before, 22:00 after.
    const aprilStarts = expand(feed.events.get(calendarUid(april.id))!);
    expect(aprilStarts.map((t) => [t.toString(), t.toJSDate().toISOString()])).toEqual([
      ['2026-03-24T18:00:00', '2026-03-24T21:00:00.000Z'],
      ['2026-03-31T18:00:00', '2026-03-31T21:00:00.000Z'],
      ['2026-04-07T18:00:00', '2026-04-07T22:00:00.000Z'],
      ['2026-04-14T18:00:00', '2026-04-14T22:00:00.000Z'],
    ]);
  });

  it('expands a monthly all-day event by dates, without its cancelled month', async () => {
    const path = await subscribe(tokens.staff);
    const monthly = await create(
      tokens.staff,
      eventArgs(refs, [], 'college', {
        all_day: true,
        start: '2026-01-31',
        end: '2026-01-31',
        repeat: { freq: 'monthly', count: 6 },
        exceptions: ['2026-05-31'],
      }),
    );
    const starts = expand((await readFeed(path)).events.get(calendarUid(monthly.id))!);
    // RFC 5545: a month without a 31st has no occurrence, as in the app.
    expect(starts.map((t) => t.toString())).toEqual(['2026-01-31', '2026-03-31', '2026-07-31', '2026-08-31', '2026-10-31']);
    expect(occurrencesBetween(monthly, '2026-01-01', '2026-12-31').map((o) => o.day)).toEqual(starts.map((t) => t.toString()));
  });

  it('shows each member only the events addressed to them', async () => {
    const forCollege = await create(tokens.staff, eventArgs(refs, [], 'college'));
    const forStaff = await create(tokens.staff, eventArgs(refs, [], 'staff'));
    const forOwnSection = await create(tokens.staff, eventArgs(refs, ['1° Básico A'], 'students'));
    const forGuardians = await create(tokens.staff, eventArgs(refs, ['1° Básico A'], 'guardians'));
    const forOtherSection = await create(tokens.staff, eventArgs(refs, ['2° Básico A'], 'everyone'));
    const uids = (feed: ParsedFeed) =>
      [forCollege, forStaff, forOwnSection, forGuardians, forOtherSection].filter((e) => feed.events.has(calendarUid(e.id))).map((e) => e.name);

    const student = await readFeed(await subscribe(tokens.student));
    expect(uids(student)).toEqual([forCollege.name, forOwnSection.name]);
    const staff = await readFeed(await subscribe(tokens.staff));
    expect(uids(staff)).toEqual([forCollege, forStaff, forOwnSection, forGuardians, forOtherSection].map((e) => e.name));
  });

  it('answers 404 on another college’s host and for a member who is no longer active', async () => {
    const path = await subscribe(tokens.guardian);
    expect((await read(path)).statusCode).toBe(200);
    const elsewhere = await read(path, {}, hostOf('british'));
    expect(elsewhere.statusCode).toBe(404);
    expect(json(elsewhere)).toEqual({ message: messages.calendarFeedNotFound });

    const [guardian] = await server.db.select().from(users).where(eq(users.email, 'guardian@colinas.test'));
    await server.db.update(users).set({ status: 'disabled' }).where(eq(users.id, guardian!.id));
    try {
      expect((await read(path)).statusCode).toBe(404);
    } finally {
      await server.db.update(users).set({ status: 'active' }).where(eq(users.id, guardian!.id));
    }
    expect((await read(path)).statusCode).toBe(200);
  });

  it('answers 304 to a calendar app that has the current version, for each encoding', async () => {
    const path = await subscribe(tokens.staff);
    const first = await read(path);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    const again = await read(path, { 'if-none-match': etag });
    expect([again.statusCode, again.body, again.headers.etag]).toEqual([304, '', etag]);
    expect((await read(path, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);

    const gzipped = await read(path, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(first.body);
    const gzipTag = String(gzipped.headers.etag);
    expect(gzipTag).not.toBe(etag);
    expect((await read(path, { 'accept-encoding': 'gzip', 'if-none-match': gzipTag })).statusCode).toBe(304);
    expect((await read(path, { 'if-none-match': gzipTag })).statusCode).toBe(200);

    await create(tokens.staff, eventArgs(refs, [], 'college'));
    const changed = await read(path, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    parseFeed(changed.body);
  });

  it('refuses a feed address read too often, and only that one', async () => {
    const path = await subscribe(tokens.student);
    for (let i = 0; i < feedLimit; i++) expect((await read(path)).statusCode).toBe(200);
    const refused = await read(path);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual({ message: messages.tooManyRequests });
    expect((await read(await subscribe(tokens.staff))).statusCode).toBe(200);
  });
});
