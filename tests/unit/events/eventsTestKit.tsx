import { i18n } from '@lingui/core';
import { Route } from 'react-router-dom';
import type { User } from '../../../contract/auth';
import type { Event } from '../../../contract/events';
import { uuidv7 } from '../../../contract/ids';
import { metaKeys } from '../../../src/db/syncMeta';
import { CalendarScreen } from '../../../src/features/events/CalendarScreen';
import { eventsDb, type EventsDb, type LocalEvent } from '../../../src/features/events/eventsDb';
import { toLocalEvent } from '../../../src/features/events/localEvent';
import { renderRoutes, seedReferenceData, signInAs } from '../posts/postsTestKit';

/** A signed-in user with a fresh database, its college's courses, and the first download done. */
export async function calendarUser(role: User['role']): Promise<{ user: User; db: EventsDb }> {
  const { user, db } = await signInAs(role);
  await seedReferenceData(db);
  await db.meta.put({ key: metaKeys.firstSyncDone, value: true });
  return { user, db: eventsDb(db) };
}

/** An event as synced, in Santiago's wall times. */
export function anEvent(overrides: Partial<Event> = {}): LocalEvent {
  return toLocalEvent({
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
  });
}

/** The calendar screen at `/events…`, with the app's providers. */
export function renderCalendar(userId: string, path: string) {
  return renderRoutes(userId, path, <Route path="/events" element={<CalendarScreen />} />);
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
