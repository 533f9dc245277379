import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { MapPinIcon } from '../../ui/icons';
import { SyncStateBadge, type ItemSyncState } from '../../ui/SyncStateBadge';
import type { EventOccurrence } from './eventQueries';
import { categoryNames, spanInWords } from './eventWords';

export interface OccurrenceItemProps {
  occurrence: EventOccurrence;
  /** Where its details open (`?event=…&day=…`, over the calendar). */
  to: string;
  syncState: ItemSyncState | undefined;
}

/** Marks a details link opened from the calendar: closing it goes back instead of adding a step. */
export const overCalendar = { overCalendar: true } as const;

/**
 * One occurrence in a list (the agenda, a day of the month): when, what (the link), where,
 * its kind and its sync state. The name and the place keep the direction they were written in.
 */
export const OccurrenceItem = memo(OccurrenceItemView, (a, b) => {
  const [x, y] = [a.occurrence, b.occurrence];
  return (
    a.to === b.to &&
    a.syncState === b.syncState &&
    x.key === y.key &&
    x.start === y.start &&
    x.end === y.end &&
    shownFields.every((field) => x.event[field] === y.event[field])
  );
});

const shownFields = ['name', 'location', 'category', 'all_day'] as const;

function OccurrenceItemView({ occurrence, to, syncState }: OccurrenceItemProps) {
  const { i18n } = useLingui();
  const { event } = occurrence;
  return (
    <li className={`event-item event-cat-${event.category}`}>
      <span className="event-item-when">{spanInWords(i18n, { all_day: event.all_day, start: occurrence.start, end: occurrence.end })}</span>
      <Link className="event-item-link" to={to} state={overCalendar} preventScrollReset dir="auto">
        {event.name}
      </Link>
      {event.location ? (
        <span className="event-item-place with-icon">
          <MapPinIcon width={16} height={16} />
          <span dir="auto">{event.location}</span>
        </span>
      ) : null}
      <span className="event-item-tags">
        <span className="event-chip">{i18n._(categoryNames[event.category])}</span>
        <SyncStateBadge state={syncState} />
      </span>
    </li>
  );
}
