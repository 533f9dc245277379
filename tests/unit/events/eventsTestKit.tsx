import { Route, useSearchParams } from 'react-router-dom';
import type { Event } from '../../../contract/events';
import { uuidv7 } from '../../../contract/ids';
import { eventsDb, type EventsDb } from '../../../src/features/events/eventsDb';
import { EditEventScreen } from '../../../src/features/events/EditEventScreen';
import { NewEventScreen } from '../../../src/features/events/NewEventScreen';
import { toLocalEvent } from '../../../src/features/events/localEvent';
import { renderRoutes, seedReferenceData, signInAs } from '../posts/postsTestKit';

export { collegeSlug } from '../posts/postsTestKit';

/** A signed-in member with a fresh local database, its courses, grades and sections stored. */
export async function signInWithEvents(role: 'admin' | 'staff' | 'student' | 'guardian' = 'staff') {
  const { user, db } = await signInAs(role);
  await seedReferenceData(db);
  return { user, db: eventsDb(db) };
}

/** An event as the sync engine stores it. */
export function storedEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: uuidv7(),
    college_id: 'college-1',
    name: 'Reunión de apoderados',
    description: '<p>En el gimnasio.</p>',
    location: 'Gimnasio',
    category: 'meeting',
    all_day: false,
    start: '2026-12-03T18:00',
    end: '2026-12-03T19:30',
    time_zone: 'America/Santiago',
    repeat: null,
    exceptions: [],
    calendar_sync: true,
    course_ids: ['course-basica'],
    grade_ids: ['grade-1'],
    section_ids: ['sec-1a'],
    scope: 'everyone',
    sequence: 2,
    author_id: 'author-1',
    author_name: 'Marta Díaz',
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

export async function storeEvent(db: EventsDb, event: Event): Promise<void> {
  await db.events.put(toLocalEvent(event));
}

/** Where the form goes once saved: the calendar with the event open. */
function CalendarPage() {
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
      <Route path="/events" element={<CalendarPage />} />
      <Route path="/events/new-event" element={<NewEventScreen />} />
      <Route path="/events/event/:id/edit" element={<EditEventScreen />} />
      <Route path="/app/outbox" element={<OutboxPage />} />
    </>,
  );
}
