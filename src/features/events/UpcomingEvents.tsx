import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { addDays, dayIn, daysBetween } from '../../../contract/eventTime';
import { usePendingStates, useSyncStatus } from '../../sync/hooks';
import { collegeTimeZone, useCollege } from '../../tenant/tenantStore';
import { EmptyState, LoadingState } from '../../ui/ScreenStates';
import { SyncStateBadge } from '../../ui/SyncStateBadge';
import { formatDay } from './eventDates';
import { useOccurrences } from './eventQueries';
import { spanInWords } from './eventWords';

const upcomingCount = 5;
const upcomingDays = 60;

/** The home screen's "Coming up": the next few events of the coming two months, each a link to its details. */
export function UpcomingEvents() {
  const { t, i18n } = useLingui();
  const today = dayIn(new Date(), collegeTimeZone(useCollege()));
  const list = useOccurrences(today, addDays(today, upcomingDays));
  const { firstSyncPending } = useSyncStatus();
  const pendingStates = usePendingStates('events');
  const next = list?.slice(0, upcomingCount);
  return (
    <section className="card upcoming-events" aria-labelledby="upcoming-events-title">
      <div className="upcoming-head">
        <h2 id="upcoming-events-title" className="card-title">
          <Trans>Coming up</Trans>
        </h2>
        <Link to="/events" className="upcoming-all">
          <Trans>See the calendar</Trans>
        </Link>
      </div>
      {next === undefined || (next.length === 0 && firstSyncPending) ? (
        <LoadingState label={t`Downloading the calendar…`} />
      ) : next.length === 0 ? (
        <EmptyState>
          <Trans>No events coming up</Trans>
        </EmptyState>
      ) : (
        <ul className="upcoming-list">
          {next.map((occurrence) => {
            const { event } = occurrence;
            const day = occurrence.firstDay < today ? today : occurrence.firstDay;
            const offset = daysBetween(today, day);
            return (
              <li key={occurrence.key} className={`upcoming-item event-cat-${event.category}`}>
                {/* The weekday over the day and month, each on its own line in every language. */}
                <time className="upcoming-date" dateTime={day}>
                  {offset === 0 ? (
                    t`Today`
                  ) : offset === 1 ? (
                    t`Tomorrow`
                  ) : (
                    <>
                      <span className="upcoming-weekday">{formatDay(day, i18n.locale, 'weekdayShort')}</span>
                      <span className="upcoming-daymonth">{formatDay(day, i18n.locale, 'dayMonthShort')}</span>
                    </>
                  )}
                </time>
                <span className="upcoming-what">
                  <Link className="upcoming-link" to={`/events?event=${encodeURIComponent(event.id)}&day=${occurrence.day}`} dir="auto">
                    {event.name}
                  </Link>
                  <span className="upcoming-when">{spanInWords(i18n, { all_day: event.all_day, start: occurrence.start, end: occurrence.end })}</span>
                  <SyncStateBadge state={pendingStates.get(event.id)} />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
