import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useEffect, useMemo, useState } from 'react';
import { addDays, daysBetween, type DayText } from '../../../contract/eventTime';
import type { ItemSyncState } from '../../ui/SyncStateBadge';
import { Button } from '../../ui/Button';
import { EmptyState, LoadingState } from '../../ui/ScreenStates';
import { agendaDays, type AgendaDay } from './calendarDays';
import { formatDay } from './eventDates';
import { useOccurrences, type EventFilter } from './eventQueries';
import { OccurrenceItem } from './OccurrenceItem';

/** How far the agenda reaches at first, and each "Show later/earlier events" further: about three months. */
export const agendaStepDays = 91;

export interface AgendaViewProps {
  today: DayText;
  filter: EventFilter;
  pendingStates: ReadonlyMap<string, ItemSyncState>;
  firstSyncPending: boolean;
  /** The details link of an occurrence. */
  detailsHref: (eventId: string, day: DayText) => string;
  /** Called once the list is drawn (the calendar then builds the month view, CalendarScreen.tsx). */
  onDrawn?: () => void;
}

/** The coming occurrences by day, from today; earlier and later ones a button away. */
export const AgendaView = memo(function AgendaView({ today, filter, pendingStates, firstSyncPending, detailsHref, onDrawn }: AgendaViewProps) {
  const { t, i18n } = useLingui();
  const [reach, setReach] = useState({ before: 0, after: 1 });
  const from = addDays(today, -agendaStepDays * reach.before);
  const to = addDays(today, agendaStepDays * reach.after);
  const list = useOccurrences(from, to, filter);
  const drawn = list !== undefined;
  useEffect(() => {
    if (drawn) onDrawn?.();
  }, [drawn]); // eslint-disable-line react-hooks/exhaustive-deps
  const days = useMemo(() => (list ? agendaDays(list, from) : undefined), [list, from]);
  const [fromText, toText] = [formatDay(from, i18n.locale, 'dayShort'), formatDay(to, i18n.locale, 'dayShort')];

  return (
    <section className="agenda" aria-label={t`Agenda`} aria-busy={days === undefined}>
      <div className="agenda-reach">
        <Button variant="ghost" onClick={() => setReach((r) => ({ ...r, before: r.before + 1 }))}>
          <Trans>Show earlier events</Trans>
        </Button>
      </div>
      {days === undefined ? (
        <LoadingState label={t`Loading…`} />
      ) : days.length === 0 ? (
        firstSyncPending ? (
          <LoadingState label={t`Downloading the calendar…`} />
        ) : (
          <EmptyState>
            <Trans>
              No events from {fromText} to {toText}
            </Trans>
          </EmptyState>
        )
      ) : (
        <ol className="agenda-days">
          {days.map((group) => (
            <AgendaDayGroup key={group.day} group={group} today={today} pendingStates={pendingStates} detailsHref={detailsHref} />
          ))}
        </ol>
      )}
      <div className="agenda-reach">
        <p className="muted agenda-until" role="status">
          <Trans>Showing events until {toText}</Trans>
        </p>
        <Button variant="secondary" onClick={() => setReach((r) => ({ ...r, after: r.after + 1 }))}>
          <Trans>Show later events</Trans>
        </Button>
      </div>
    </section>
  );
});

function AgendaDayGroup({
  group,
  today,
  pendingStates,
  detailsHref,
}: { group: AgendaDay; today: DayText } & Pick<AgendaViewProps, 'pendingStates' | 'detailsHref'>) {
  const { i18n } = useLingui();
  const offset = daysBetween(today, group.day);
  const thisYear = group.day.slice(0, 4) === today.slice(0, 4);
  return (
    <li className={offset < 0 ? 'agenda-day agenda-day-past' : 'agenda-day'}>
      <h2 className="agenda-day-title">
        {offset === 0 || offset === 1 ? <span className="agenda-day-relative">{offset === 0 ? <Trans>Today</Trans> : <Trans>Tomorrow</Trans>}</span> : null}
        <time dateTime={group.day}>{formatDay(group.day, i18n.locale, thisYear ? 'dayLongThisYear' : 'dayLong')}</time>
      </h2>
      <ul className="event-list">
        {group.occurrences.map((occurrence) => (
          <OccurrenceItem
            key={occurrence.key}
            occurrence={occurrence}
            to={detailsHref(occurrence.event.id, occurrence.day)}
            syncState={pendingStates.get(occurrence.event.id)}
          />
        ))}
      </ul>
    </li>
  );
}
