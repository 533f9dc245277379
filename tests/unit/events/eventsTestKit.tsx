import { i18n } from '@lingui/core';
import { Route, useSearchParams } from 'react-router-dom';
import type { User } from '../../../contract/auth';
import type { Event } from '../../../contract/events';
import { uuidv7 } from '../../../contract/ids';
import { metaKeys } from '../../../src/db/syncMeta';
import { CalendarScreen } from '../../../src/features/events/CalendarScreen';
import { EditEventScreen } from '../../../src/features/events/EditEventScreen';
import { eventsDb, type EventsDb, type LocalEvent } from '../../../src/features/events/eventsDb';
import { toLocalEvent } from '../../../src/features/events/localEvent';
import { NewEventScreen } from '../../../src/features/events/NewEventScreen';
import { renderRoutes, seedReferenceData, signInAs } from '../posts/postsTestKit';

export { collegeSlug } from '../posts/postsTestKit';

/** A signed-in member with a fresh local database, its courses, grades and sections stored. */
export async function signInWithEvents(role: User['role'] = 'staff'): Promise<{ user: User; db: EventsDb }> {
  const { user, db } = await signInAs(role);
  await seedReferenceData(db);
  return { user, db: eventsDb(db) };
}

/** The same, with the first download done (the calendar shows what is stored, not "loading"). */
export async function calendarUser(role: User['role']): Promise<{ user: User; db: EventsDb }> {
  const signedIn = await signInWithEvents(role);
  await signedIn.db.meta.put({ key: metaKeys.firstSyncDone, value: true });
  return signedIn;
}

/** An event as synced, in Santiago's wall times. */
function syncedEvent(overrides: Partial<Event>): Event {
  return {
    id: uuidv7(),
    college_id: 'college-1',
    name: 'Reunión de apoderados',
    description: '',
    location: '',
    category: 'meeting',
    all_day: false,
    start: '2026-11-26T19:00',
    end: '2026-11-26T20:30',
    time_zone: 'America/Santiago',
    repeat: null,
    exceptions: [],
    calendar_sync: true,
    course_ids: ['course-basica'],
    grade_ids: ['grade-1'],
    section_ids: ['sec-1a'],
    scope: 'everyone',
    sequence: 0,
    author_id: 'author-1',
    author_name: 'Marta Díaz',
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

/** An event with a description and a place, edited twice (the form's tests). */
export function storedEvent(overrides: Partial<Event> = {}): Event {
  return syncedEvent({
    description: '<p>En el gimnasio.</p>',
    location: 'Gimnasio',
    start: '2026-12-03T18:00',
    end: '2026-12-03T19:30',
    sequence: 2,
    ...overrides,
  });
}

/** An event as the device stores it (the calendar's tests). */
export function anEvent(overrides: Partial<Event> = {}): LocalEvent {
  return toLocalEvent(syncedEvent(overrides));
}

export async function storeEvent(db: EventsDb, event: Event): Promise<void> {
  await db.events.put(toLocalEvent(event));
}

/** The calendar screen at `/events…`, with the app's providers. */
export function renderCalendar(userId: string, path: string) {
  return renderRoutes(userId, path, <Route path="/events" element={<CalendarScreen />} />);
}

/** Where the form goes once saved: the calendar with the event open. */
function CalendarLanding() {
  const [params] = useSearchParams();
  return <p>Showing event {params.get('event')}</p>;
}

function OutboxPage() {
  return <p>The outbox</p>;
}

/** The writing screens at `path`, with the calendar and the outbox as places to land. */
export function renderEventScreens(userId: string, path: string) {
  return renderRoutes(
    userId,
    path,
    <>
      <Route path="/events" element={<CalendarLanding />} />
      <Route path="/events/new-event" element={<NewEventScreen />} />
      <Route path="/events/event/:id/edit" element={<EditEventScreen />} />
      <Route path="/app/outbox" element={<OutboxPage />} />
    </>,
  );
}

/** Runs with Intl (and Lingui) in another language; the source texts stay English. */
export async function inLocale<T>(locale: string, run: () => Promise<T>): Promise<T> {
  i18n.loadAndActivate({ locale, messages: {} });
  try {
    return await run();
  } finally {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  }
}
