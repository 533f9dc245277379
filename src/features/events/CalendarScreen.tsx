import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { dayIn, type DayText } from '../../../contract/eventTime';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { usePendingStates, useSyncStatus } from '../../sync/hooks';
import { collegeTimeZone, useCollege } from '../../tenant/tenantStore';
import { usePageMeta } from '../../tenant/usePageMeta';
import { afterPaint } from '../../ui/afterPaint';
import { whenIdle } from '../../ui/whenIdle';
import { buttonClass } from '../../ui/Button';
import { AgendaView } from './AgendaView';
import { monthWindow } from './calendarDays';
import { eventFilterOf } from './calendarFilter';
import { audienceChanges, detailsQuery, readCalendarParams, withParams, type CalendarView } from './calendarParams';
import { CalendarToolbar } from './CalendarToolbar';
import { EventDetailsDialog } from './EventDetailsDialog';
import { useOccurrences, type EventOccurrence } from './eventQueries';
import { MonthView } from './MonthView';
import { OutOfSight } from './OutOfSight';
import { overCalendar } from './OccurrenceItem';
import { useAudienceOptions } from './useAudienceOptions';
import { useSettledMonth, useShownMonth } from './useShownMonth';

/**
 * `/events` (the original app's address): the school calendar as an agenda or a month, filtered, with an
 * event's details over it. Its whole state is in the address (calendarParams.ts). Days are
 * the college's: "today" is today in its time zone, and times are the events' wall times.
 */
export function CalendarScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const params = useMemo(() => readCalendarParams(search), [search]);
  const college = useCollege();
  const today = dayIn(new Date(), collegeTimeZone(college));
  const { user } = useSession();
  const { firstSyncPending } = useSyncStatus();
  const pendingStates = usePendingStates('events');
  const options = useAudienceOptions();
  const readsAll = can(user?.role, 'content.readAll');
  const { categories, audience } = params;
  const filter = useMemo(() => eventFilterOf({ categories, audience }, options), [categories, audience, options]);
  usePageMeta(t`Events`);

  // Filters, views and months replace the entry (the back button leaves the calendar), and
  // keep the scroll: the page stays where the person is working.
  const change = useCallback(
    (changes: Record<string, string | null>) => void navigate({ search: withParams(search, changes) }, { replace: true, preventScrollReset: true }),
    [navigate, search],
  );
  const detailsHref = useCallback((eventId: string, day: DayText) => detailsQuery(search, eventId, day), [search]);
  const viewHref = (view: CalendarView) => withParams(search, { view: view === 'agenda' ? null : view });
  // The view shown follows a click at once and the address follows it once painted (as the
  // month does, MonthView.tsx): a router navigation is a transition the browser would paint
  // the old view through. A change of the address (back, a link) is followed.
  const [view, setView] = useState(params.view);
  const [followedView, setFollowedView] = useState(params.view);
  if (params.view !== followedView) {
    setFollowedView(params.view);
    setView(params.view);
  }
  const pendingAddress = useRef<() => void>(() => {});
  useEffect(() => () => pendingAddress.current(), []);
  const onView = (next: CalendarView) => {
    setView(next);
    pendingAddress.current();
    // Made from the address of now: dropped if the calendar is left before it is followed.
    pendingAddress.current = afterPaint(() => void navigate({ search: viewHref(next) }, { replace: true, preventScrollReset: true }));
  };
  const onOpen = useCallback(
    (occurrence: EventOccurrence) =>
      void navigate({ search: detailsHref(occurrence.event.id, occurrence.day) }, { state: overCalendar, preventScrollReset: true }),
    [navigate, detailsHref],
  );
  // Opened from the calendar: back to it (the modal was one step). Opened by a link: the calendar replaces it.
  const onClose = () => {
    if ((location.state as { overCalendar?: boolean } | null)?.overCalendar) void navigate(-1);
    else change({ event: null, day: null });
  };

  const [month, showMonth] = useShownMonth(params.month ?? today.slice(0, 7), (next) => change({ month: next === today.slice(0, 7) ? null : next }));
  // Both views stay built and laid out once drawn, the one not shown out of sight
  // (calendar.css `.calendar-ahead`): a switch changes what is visible, not what is laid
  // out. The month is built ahead, when the browser is idle after the agenda was drawn.
  const [agendaDrawn, setAgendaDrawn] = useState(false);
  const onAgendaDrawn = useCallback(() => setAgendaDrawn(true), []);
  const [monthAhead, setMonthAhead] = useState(false);
  useEffect(() => (agendaDrawn && !monthAhead ? whenIdle(() => setMonthAhead(true), 2000) : undefined), [agendaDrawn, monthAhead]);
  const [agendaBuilt, setAgendaBuilt] = useState(view === 'agenda');
  if (view === 'agenda' && !agendaBuilt) setAgendaBuilt(true);
  const monthBuilt = view === 'month' || monthAhead;
  const around = useSettledMonth(month);
  const [from, to] = useMemo(() => monthWindow(around), [around]);
  const monthList = useOccurrences(from, to, filter, monthBuilt);
  return (
    <div className="page calendar-page">
      <header className="page-header calendar-header">
        <h1>
          <Trans>Events</Trans>
        </h1>
        {can(user?.role, 'content.publish') ? (
          <Link className={buttonClass('primary')} to="/events/new-event">
            <Trans>New event</Trans>
          </Link>
        ) : null}
      </header>
      <CalendarToolbar
        view={view}
        onView={onView}
        categories={params.categories}
        audience={params.audience}
        audienceOptions={readsAll ? (options ?? null) : null}
        viewHref={viewHref}
        onCategories={(next) => change({ cat: next.join(',') })}
        onAudience={(next) => change(audienceChanges(next))}
      />
      <div className="calendar-views-stack">
        {agendaBuilt ? (
          <OutOfSight shown={view === 'agenda'} as="away">
            <AgendaView
              today={today}
              filter={filter}
              pendingStates={pendingStates}
              firstSyncPending={firstSyncPending}
              detailsHref={detailsHref}
              onDrawn={onAgendaDrawn}
            />
          </OutOfSight>
        ) : null}
        {monthBuilt ? (
          <OutOfSight shown={view === 'month'} as="ahead">
            <MonthView
              month={month}
              around={around}
              list={monthList}
              today={today}
              pendingStates={pendingStates}
              firstSyncPending={firstSyncPending}
              detailsHref={detailsHref}
              onMonth={showMonth}
              onOpen={onOpen}
            />
          </OutOfSight>
        ) : null}
      </div>
      <EventDetailsDialog
        eventId={params.eventId}
        day={params.day}
        syncState={params.eventId ? (pendingStates.get(params.eventId) ?? null) : null}
        firstSyncPending={firstSyncPending}
        onClose={onClose}
      />
    </div>
  );
}
