import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { memo, useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { addDays, isoWeekday, type DayText } from '../../../contract/eventTime';
import { lastOfMonth, shiftMonth } from './calendarDays';
import { formatDay, formatTime, weekdayNames } from './eventDates';
import type { EventOccurrence } from './eventQueries';

/** Chips drawn in a day before "+N more". */
const chipsPerDay = 3;

export interface MonthGridProps {
  month: string;
  /** The grid on screen (the others are built ahead, out of sight: MonthView.tsx). */
  shown: boolean;
  /** Whole weeks, Monday first (calendarDays.ts `monthGridDays`). */
  days: readonly DayText[];
  /** The occurrences of each day, aligned with `days`. */
  byDay: readonly (readonly EventOccurrence[])[];
  today: DayText;
  selected: DayText;
  labelledBy: string;
  /** Set when the arrow keys chose a day: the grid that shows it then takes the focus (shared by a month's grids). */
  focusAfterMoveRef: RefObject<boolean>;
  /** A day was chosen (a click, or the arrow keys: then `fromKeyboard`, and it may be in another month). */
  onSelect: (day: DayText, fromKeyboard: boolean) => void;
  /** An event's chip was clicked where chips show their names (wide screens). */
  onOpen: (occurrence: EventOccurrence) => void;
}

/**
 * A month as a table, Monday to Sunday. Each day is one button (its label the full date and
 * how many events) with its events drawn inside as chips, or as dots where the grid is
 * narrow; choosing a day lists them below. One tab stop: the arrow keys move between days
 * (mirrored in right-to-left pages), Home/End to the week's ends, Page Up/Down a month.
 * Handlers are on the table, not on each of the 42 cells.
 */
export function MonthGrid({ month, shown, days, byDay, today, selected, labelledBy, focusAfterMoveRef, onSelect, onOpen }: MonthGridProps) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const table = useRef<HTMLTableElement>(null);
  const [narrow, short, long] = useMemo(() => [weekdayNames(locale, 'narrow'), weekdayNames(locale, 'short'), weekdayNames(locale, 'long')], [locale]);
  const weeks = useMemo(() => Array.from({ length: days.length / 7 }, (_, w) => w * 7), [days.length]);
  const byKey = useMemo(() => new Map(byDay.flat().map((occurrence) => [occurrence.key, occurrence])), [byDay]);
  // "3 events", "+2 more": a few counts, each put into words once (plural rules are not free).
  const counted = useMemo(() => {
    const words = new Map<string, string>();
    const cached = (key: string, make: () => string) => {
      // Keyed by the language too: the i18n object may stay the same when it changes.
      const full = `${i18n.locale}:${key}`;
      if (!words.has(full)) words.set(full, make());
      return words.get(full)!;
    };
    return {
      events: (count: number) => cached(`e${count}`, () => i18n._(msg`${plural(count, { one: '# event', other: '# events' })}`)),
      more: (count: number) => cached(`m${count}`, () => i18n._(msg`${plural(count, { one: '+# more', other: '+# more' })}`)),
    };
  }, [i18n]);

  useEffect(() => {
    if (!shown || !focusAfterMoveRef.current) return;
    focusAfterMoveRef.current = false;
    table.current?.querySelector<HTMLButtonElement>(`button[data-day="${selected}"]`)?.focus();
  }, [shown, selected, month, focusAfterMoveRef]);

  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    const button = target.closest<HTMLButtonElement>('button[data-day]');
    if (!button?.dataset.day) return;
    // A chip opens its event where it shows its name; a dot (narrow grid) only chooses the day.
    const chip = target.closest<HTMLElement>('[data-key]');
    const name = chip?.querySelector('.month-chip-name');
    const occurrence = chip?.dataset.key ? byKey.get(chip.dataset.key) : undefined;
    onSelect(button.dataset.day, false);
    if (occurrence && name && getComputedStyle(name).display !== 'none') onOpen(occurrence);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const day = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-day]')?.dataset.day;
    if (!day) return;
    const forward = getComputedStyle(event.currentTarget).direction === 'rtl' ? -1 : 1;
    const weekday = isoWeekday(day);
    const moves: Record<string, () => DayText> = {
      ArrowRight: () => addDays(day, forward),
      ArrowLeft: () => addDays(day, -forward),
      ArrowDown: () => addDays(day, 7),
      ArrowUp: () => addDays(day, -7),
      Home: () => addDays(day, 1 - weekday),
      End: () => addDays(day, 7 - weekday),
      PageDown: () => sameDateIn(day, 1),
      PageUp: () => sameDateIn(day, -1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusAfterMoveRef.current = true;
    onSelect(move(), true);
  };

  return (
    <table ref={table} className="month-grid" data-month-grid={month} aria-labelledby={labelledBy} onClick={onClick} onKeyDown={onKeyDown}>
      <thead>
        <tr>
          {short.map((name, i) => (
            <th key={i} scope="col" abbr={long[i]}>
              <span className="weekday-short">{name}</span>
              <span className="weekday-narrow" aria-hidden="true">
                {narrow[i]}
              </span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((first) => (
          // By position: the next month's grid reuses the cells (their contents change, not the table).
          <tr key={first}>
            {days.slice(first, first + 7).map((day, i) => (
              <DayCell
                key={i}
                day={day}
                locale={locale}
                counted={counted}
                occurrences={byDay[first + i] ?? noOccurrences}
                outside={day.slice(0, 7) !== month}
                isToday={day === today}
                isSelected={day === selected}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The same date `months` later (the month's last day when it has no such date). */
function sameDateIn(day: DayText, months: number): DayText {
  const month = shiftMonth(day.slice(0, 7), months);
  const last = lastOfMonth(month);
  const date = `${month}-${day.slice(8)}`;
  return date > last ? last : date;
}

const noOccurrences: readonly EventOccurrence[] = [];

interface DayCellProps {
  day: DayText;
  locale: string;
  counted: { events: (count: number) => string; more: (count: number) => string };
  occurrences: readonly EventOccurrence[];
  outside: boolean;
  isToday: boolean;
  isSelected: boolean;
}

/**
 * One day, drawn again only when what it shows changed: a new read of the month brings new
 * objects with the same contents, and the next month's cells (by position) all new days.
 */
const DayCell = memo(DayCellView, (a, b) => {
  const [x, y] = [a.occurrences, b.occurrences];
  return (
    a.day === b.day &&
    a.locale === b.locale &&
    a.counted === b.counted &&
    a.outside === b.outside &&
    a.isToday === b.isToday &&
    a.isSelected === b.isSelected &&
    x.length === y.length &&
    x.every((o, i) => {
      const p = y[i]!;
      return (
        o.key === p.key && o.start === p.start && o.event.name === p.event.name && o.event.category === p.event.category && o.event.all_day === p.event.all_day
      );
    })
  );
});

function DayCellView({ day, locale, counted, occurrences, outside, isToday, isSelected }: DayCellProps) {
  const count = occurrences.length;
  const date = formatDay(day, locale);
  const label = count === 0 ? date : `${date}, ${counted.events(count)}`;
  const more = count - chipsPerDay;
  const classes = ['month-day', outside ? 'month-day-outside' : '', isToday ? 'month-day-today' : ''].filter(Boolean).join(' ');
  return (
    <td className={classes}>
      <button
        type="button"
        className="month-day-button"
        data-day={day}
        tabIndex={isSelected ? 0 : -1}
        aria-pressed={isSelected}
        aria-current={isToday ? 'date' : undefined}
      >
        {/* The name is the full date and its count, then what the chips show (WCAG 2.5.3: the visible text is in the name). */}
        <span className="visually-hidden">{`${label}. `}</span>
        <span className="month-day-number" aria-hidden="true">
          {formatDay(day, locale, 'dayNumber')}
        </span>
        {count > 0 ? (
          <span className="month-day-events">
            {occurrences.slice(0, more > 0 ? chipsPerDay - 1 : chipsPerDay).map((occurrence) => (
              <span
                key={occurrence.key}
                className={`month-chip event-cat-${occurrence.event.category}`}
                data-key={occurrence.key}
                title={occurrence.event.name}
              >
                {!occurrence.event.all_day && occurrence.firstDay === day ? (
                  <span className="month-chip-time">{`${formatTime(occurrence.start, locale)} `}</span>
                ) : null}
                <span className="month-chip-name" dir="auto">
                  {occurrence.event.name}
                </span>
              </span>
            ))}
            {more > 0 ? <span className="month-more">{counted.more(more + 1)}</span> : null}
          </span>
        ) : null}
      </button>
    </td>
  );
}
