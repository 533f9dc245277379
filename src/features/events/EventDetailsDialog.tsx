import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { occurrencesBetween } from '../../../contract/eventRecurrence';
import type { DayText } from '../../../contract/eventTime';
import { can } from '../../../contract/permissions';
import { audienceSummary, describeAudience } from '../../audience/audienceSummary';
import { DeliveryReport } from '../../delivery/DeliveryReport';
import { mayReadDelivery } from '../../delivery/mayReadDelivery';
import { useReachedServer } from '../../delivery/useReachedServer';
import { useSession } from '../../session/session';
import { itemGone } from '../../sync/itemGone';
import { toastOutcome } from '../../sync/outcomeToasts';
import { useAttention } from '../../sync/useOutboxEntry';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadingState } from '../../ui/ScreenStates';
import type { ItemSyncState } from '../../ui/SyncStateBadge';
import { showToast } from '../../ui/toastStore';
import { deviceTimeZone } from './eventDates';
import { EventDetailsView } from './EventDetailsView';
import { eventOutcomeTexts } from './eventOutcomeTexts';
import { useEvent } from './eventQueries';
import type { LocalEvent } from './eventsDb';
import { cancelOccurrence, deleteEvent } from './eventWrites';
import { useAudienceOptions } from './useAudienceOptions';
import { useEventsDb } from './useEventsDb';
import { useEventView } from './useEventView';

export interface EventDetailsDialogProps {
  /** `?event=`: the modal is open while there is one. */
  eventId: string | null;
  /** `?day=`: one date of a repeating event. */
  day: DayText | null;
  syncState: ItemSyncState | null;
  firstSyncPending: boolean;
  onClose: () => void;
}

/** The occurrence on `day`, when the event has one starting then (a cancelled date has none). */
function occurrenceOn(event: LocalEvent, day: DayText | null) {
  if (!day) return null;
  return occurrencesBetween(event, day, day).find((occurrence) => occurrence.day === day) ?? null;
}

/**
 * An event's details over the calendar (deep-linkable: `/events?event=<id>&day=<date>`).
 * Reads the local copy; an id this device does not have (deleted, not for this user) says
 * so. Publishers edit it, delete it or one of its dates; everyone can take it to their own
 * calendar as a file made on the device. Opening it counts as having seen it (`events.view`,
 * once); its author and administrators see how it was delivered.
 */
export function EventDetailsDialog({ eventId, day, syncState, firstSyncPending, onClose }: EventDetailsDialogProps) {
  const { t, i18n } = useLingui();
  const db = useEventsDb();
  const { user } = useSession();
  const event = useEvent(eventId);
  const attention = useAttention('events', eventId ?? '') ?? [];
  const options = useAudienceOptions();
  const [downloading, setDownloading] = useState(false);
  const occurrence = useMemo(() => (event ? occurrenceOn(event, day) : null), [event, day]);
  // A member opening someone else's event has seen it (its delivery report); the author has not "seen" their own.
  useEventView(event?.id ?? null, Boolean(user) && Boolean(event) && event?.author_id !== user?.id);
  // The delivery report is asked for only once the server has the event.
  const onServer = useReachedServer(eventId ?? '', 'events.create');

  const loading = eventId !== null && (event === undefined || (event === null && firstSyncPending));
  const title = event ? event.name : loading ? t`Event` : t`This event no longer exists`;

  const failed = (text: string) => (error: unknown) => {
    console.error(error);
    showToast(text, 'error');
  };
  const after = (seq: number | null) => {
    onClose();
    if (seq !== null) void toastOutcome(db, i18n, seq, eventOutcomeTexts(i18n, 'delete'));
  };
  const onDeleteAll = () => {
    if (event) deleteEvent(db, event.id).then(after, failed(t`The event could not be deleted on this device.`));
  };
  const onDeleteDate = () => {
    if (event && occurrence) cancelOccurrence(db, event.id, occurrence.day).then(after, failed(t`The date could not be deleted on this device.`));
  };
  const onDownload = () => {
    if (!event) return;
    const { _months, _last, ...row } = event;
    setDownloading(true);
    // The file's code (and its writer) comes only when someone asks for a file.
    import('./icsDownload')
      .then(({ downloadEventFile }) => downloadEventFile(row, location.origin))
      .catch(failed(t`The calendar file could not be made.`))
      .finally(() => setDownloading(false));
  };

  let body;
  if (loading) body = <LoadingState label={firstSyncPending ? t`Downloading the calendar…` : t`Loading…`} />;
  else if (!event) {
    body = (
      <div className="event-gone">
        <p>
          <Trans>It may have been deleted, or it is not addressed to you.</Trans>
        </p>
        <div className="dialog-actions">
          {attention.length > 0 ? (
            <Link to="/app/outbox" className="button button-secondary">
              <Trans>See what needs attention</Trans>
            </Link>
          ) : null}
          <Button onClick={onClose}>
            <Trans>Back to the calendar</Trans>
          </Button>
        </div>
      </div>
    );
  } else {
    const audience = can(user?.role, 'content.readAll') && options ? audienceSummary(i18n, describeAudience(event, options)) : null;
    body = (
      <EventDetailsView
        event={event}
        span={occurrence ? { all_day: event.all_day, start: occurrence.start, end: occurrence.end } : event}
        day={occurrence?.day ?? null}
        syncState={syncState}
        audience={audience}
        canChange={can(user?.role, 'content.publish') && !attention.some(itemGone)}
        deviceZone={deviceTimeZone()}
        downloading={downloading}
        onDownload={onDownload}
        onDeleteDate={onDeleteDate}
        onDeleteAll={onDeleteAll}
        delivery={mayReadDelivery(user, event.author_id) ? <DeliveryReport kind="event" id={event.id} onServer={onServer} headingLevel={3} /> : null}
      />
    );
  }

  return (
    <Dialog open={eventId !== null} onOpenChange={(open) => !open && onClose()} title={title}>
      {body}
    </Dialog>
  );
}
