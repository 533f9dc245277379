import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { DayText } from '../../../contract/eventTime';
import { afterPaint } from '../../ui/afterPaint';
import { Button } from '../../ui/Button';
import type { ItemSyncState } from '../../ui/SyncStateBadge';
import { ChevronBackIcon, ChevronForwardIcon } from './calendarIcons';
import { firstOfMonth, monthGridDays, monthWindow, occurrencesByDay, shiftMonth } from './calendarDays';
import { formatDay, formatMonth } from './eventDates';
import { useOccurrences, type EventFilter, type EventOccurrence } from './eventQueries';
import { MonthGrid } from './MonthGrid';
import { OccurrenceItem } from './OccurrenceItem';

export interface MonthViewProps {
  month: string;
  today: DayText;
  filter: EventFilter;
  pendingStates: ReadonlyMap<string, ItemSyncState>;
  firstSyncPending: boolean;
  detailsHref: (eventId: string, day: DayText) => string;
  onMonth: (month: string) => void;
  onOpen: (occurrence: EventOccurrence) => void;
}

/** The month's grid with its navigation, and the chosen day's events below it. */
export function MonthView({ month: addressMonth, today, filter, pendingStates, firstSyncPending, detailsHref, onMonth, onOpen }: MonthViewProps) {
  const { t, i18n } = useLingui();
  // The month shown follows a click at once; the address follows it once that is painted (a
  // router navigation draws the calendar again and forces a layout: tens of milliseconds on
  // a phone, src/ui/afterPaint.ts), and a change of the address (back, a link) is followed.
  // Months clicked through quickly arrive one by one: those are not followed back.
  const [month, setMonth] = useState(addressMonth);
  const [followed, setFollowed] = useState(addressMonth);
  const [requested, setRequested] = useState<readonly string[]>([]);
  if (addressMonth !== followed) {
    setFollowed(addressMonth);
    const ours = requested.indexOf(addressMonth);
    setRequested(ours >= 0 ? requested.slice(ours + 1) : []);
    if (ours < 0) setMonth(addressMonth);
  }
  // Leaving the month view (to the agenda, another screen) drops an address not yet followed:
  // it was made from the address of before.
  const pendingAddress = useRef(new Set<() => void>());
  useEffect(() => () => pendingAddress.current.forEach((cancel) => cancel()), []);
  const show = (target: string) => {
    setMonth(target);
    setRequested((list) => [...list, target]);
    const cancel = afterPaint(() => {
      pendingAddress.current.delete(cancel);
      onMonth(target);
    });
    pendingAddress.current.add(cancel);
  };
  const titleId = useId();
  const days = useMemo(() => monthGridDays(month), [month]);
  // Read with the months either side (the live query keeps its last answer while it reads the new range).
  const [from, to] = useMemo(() => monthWindow(month), [month]);
  const list = useOccurrences(from, to, filter);
  const byDay = useMemo(() => occurrencesByDay(list ?? [], days), [list, days]);
  // The chosen day: today in the current month, else the month's first, until one is chosen.
  const [chosen, setChosen] = useState<DayText | null>(null);
  const selected = chosen && days.includes(chosen) ? chosen : today.slice(0, 7) === month ? today : firstOfMonth(month);
  const selectedIndex = days.indexOf(selected);
  const selectedList = byDay[selectedIndex] ?? [];

  const onSelect = (day: DayText, fromKeyboard: boolean) => {
    setChosen(day);
    // The keys move into the next month (the grid follows); a click on a dimmed day stays.
    if (fromKeyboard && day.slice(0, 7) !== month) show(day.slice(0, 7));
  };
  const goTo = (target: string) => {
    setChosen(null);
    show(target);
  };

  return (
    <section className="month-view" aria-busy={list === undefined}>
      <div className="month-nav">
        <h2 id={titleId} className="month-title" aria-live="polite">
          {formatMonth(month, i18n.locale)}
        </h2>
        <div className="month-nav-buttons">
          <button type="button" className="icon-button" onClick={() => goTo(shiftMonth(month, -1))} aria-label={t`Previous month`} title={t`Previous month`}>
            <ChevronBackIcon />
          </button>
          <Button variant="secondary" onClick={() => goTo(today.slice(0, 7))} disabled={month === today.slice(0, 7)}>
            <Trans>Today</Trans>
          </Button>
          <button type="button" className="icon-button" onClick={() => goTo(shiftMonth(month, 1))} aria-label={t`Next month`} title={t`Next month`}>
            <ChevronForwardIcon />
          </button>
        </div>
      </div>
      <MonthGrid month={month} days={days} byDay={byDay} today={today} selected={selected} labelledBy={titleId} onSelect={onSelect} onOpen={onOpen} />
      {list !== undefined && list.length === 0 && firstSyncPending ? (
        <p className="muted month-status" role="status">
          <Trans>Downloading the calendar…</Trans>
        </p>
      ) : null}
      <section className="month-day-list" aria-labelledby={`${titleId}-day`}>
        <h3 id={`${titleId}-day`} className="month-day-list-title">
          <time dateTime={selected}>{formatDay(selected, i18n.locale)}</time>
        </h3>
        {selectedList.length === 0 ? (
          <p className="muted">
            <Trans>No events on this day.</Trans>
          </p>
        ) : (
          <ul className="event-list">
            {selectedList.map((occurrence) => (
              <OccurrenceItem key={occurrence.key} occurrence={occurrence} to={detailsHref(occurrence.event.id, occurrence.day)} syncState={pendingStates.get(occurrence.event.id)} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
