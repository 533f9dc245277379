import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useId, useMemo, useRef, useState } from 'react';
import type { DayText } from '../../../contract/eventTime';
import { Button } from '../../ui/Button';
import type { ItemSyncState } from '../../ui/SyncStateBadge';
import { ChevronBackIcon, ChevronForwardIcon } from './calendarIcons';
import { firstOfMonth, monthGridDays, occurrencesByDay, shiftMonth } from './calendarDays';
import { formatDay, formatMonth } from './eventDates';
import type { EventOccurrence } from './eventQueries';
import { MonthGrid, type MonthGridProps } from './MonthGrid';
import { OccurrenceItem } from './OccurrenceItem';
import { OutOfSight } from './OutOfSight';

export interface MonthViewProps {
  /** The month shown (CalendarScreen's `useShownMonth`). */
  month: string;
  /** The month the view is built around (useShownMonth.ts `useSettledMonth`): `month` or one either side of it. */
  around: string;
  /** The occurrences of `monthWindow(around)`: the month's grid and the grids either side (undefined while read). */
  list: readonly EventOccurrence[] | undefined;
  today: DayText;
  pendingStates: ReadonlyMap<string, ItemSyncState>;
  firstSyncPending: boolean;
  detailsHref: (eventId: string, day: DayText) => string;
  /** Move to another month. */
  onMonth: (month: string) => void;
  onOpen: (occurrence: EventOccurrence) => void;
}

/**
 * The month's grid with its navigation, and the chosen day's events below it. The grids of
 * the months either side are built too, laid out but out of sight (calendar.css
 * `.calendar-ahead`): "Next month" shows a grid already built and laid out (a change of
 * visibility, no new elements, little layout), and the one after it is built once that is
 * painted and the browser idle (`around`). Their rows are in `list` already (monthWindow).
 */
export const MonthView = memo(function MonthView({
  month,
  around,
  list,
  today,
  pendingStates,
  firstSyncPending,
  detailsHref,
  onMonth,
  onOpen,
}: MonthViewProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  // The arrow keys moved into another month: its grid takes the focus once shown (MonthGrid.tsx).
  const focusAfterMove = useRef(false);
  const days = gridDaysOf(month);
  // The chosen day: today in the current month, else the month's first, until one is chosen.
  const [chosen, setChosen] = useState<DayText | null>(null);
  const selected = chosen && days.includes(chosen) ? chosen : defaultDay(month, today);
  const gridMonths = [...new Set([shiftMonth(around, -1), around, shiftMonth(around, 1), month])].sort();
  const selectedList = useMemo(() => occurrencesByDay(list ?? [], [selected])[0]!, [list, selected]);

  const onSelect = (day: DayText, fromKeyboard: boolean) => {
    setChosen(day);
    // The keys move into the next month (the grid follows); a click on a dimmed day stays.
    if (fromKeyboard && day.slice(0, 7) !== month) onMonth(day.slice(0, 7));
  };
  const goTo = (target: string) => {
    setChosen(null);
    onMonth(target);
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
      <div className="month-grids">
        {gridMonths.map((shown) => (
          // Keyed by month: the grid of "next month" is the one built ahead, now shown.
          <OutOfSight key={shown} shown={shown === month} as="ahead">
            <MonthOfGrid
              month={shown}
              shown={shown === month}
              list={list}
              today={today}
              selected={shown === month ? selected : defaultDay(shown, today)}
              labelledBy={titleId}
              focusAfterMoveRef={focusAfterMove}
              onSelect={onSelect}
              onOpen={onOpen}
            />
          </OutOfSight>
        ))}
      </div>
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
              <OccurrenceItem
                key={occurrence.key}
                occurrence={occurrence}
                to={detailsHref(occurrence.event.id, occurrence.day)}
                syncState={pendingStates.get(occurrence.event.id)}
              />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
});

/** The day chosen in a month until one is: today in the current month, else its first. */
const defaultDay = (month: string, today: DayText): DayText => (today.slice(0, 7) === month ? today : firstOfMonth(month));

/** The days of a month's grid, the same array each time (a few months kept): grids drawn again keep their cells. */
const gridDays = new Map<string, DayText[]>();
function gridDaysOf(month: string): DayText[] {
  let days = gridDays.get(month);
  if (!days) {
    if (gridDays.size > 24) gridDays.clear();
    days = monthGridDays(month);
    gridDays.set(month, days);
  }
  return days;
}

type MonthOfGridProps = Omit<MonthGridProps, 'days' | 'byDay'> & { list: readonly EventOccurrence[] | undefined };

/** One month's grid, its days' occurrences taken from the window's list. */
function MonthOfGrid({ list, ...props }: MonthOfGridProps) {
  const days = gridDaysOf(props.month);
  const byDay = useMemo(() => occurrencesByDay(list ?? [], days), [list, days]);
  return <MonthGrid days={days} byDay={byDay} {...props} />;
}
