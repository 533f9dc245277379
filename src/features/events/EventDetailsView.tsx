import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { instantOf, type DayText } from '../../../contract/eventTime';
import { IsolatedText } from '../../audience/IsolatedText';
import { RichTextContent } from '../../richText/RichTextContent';
import { AttachmentList } from '../../ui/AttachmentList';
import { ImageGallery } from '../../ui/ImageGallery';
import { isShownImage } from '../../ui/imageSources';
import { Button, buttonClass } from '../../ui/Button';
import { CalendarIcon, DownloadIcon, MapPinIcon, UserIcon } from '../../ui/icons';
import { SyncStateBadge, type ItemSyncState } from '../../ui/SyncStateBadge';
import { ClockIcon, PeopleIcon, RepeatIcon } from './calendarIcons';
import { DeleteEventDialog } from './DeleteEventDialog';
import { formatDay, formatInstantRange, zoneName } from './eventDates';
import type { LocalEvent } from './eventsDb';
import { categoryNames, repeatInWords, spanInWords, type Span } from './eventWords';
import { authorName } from '../../i18n/authorName';

export interface EventDetailsViewProps {
  event: LocalEvent;
  /** The times shown: the chosen date's occurrence, else the event's first. */
  span: Span;
  /** The chosen date of a repeating event (`?day=`), when it is one of its dates. */
  day: DayText | null;
  syncState: ItemSyncState | null;
  /** Who it is for, in words: staff and administrators only. */
  audience: string | null;
  /** Edit and delete: publishers, while the event still exists on the server. */
  canChange: boolean;
  deviceZone: string;
  downloading: boolean;
  onDownload: () => void;
  onDeleteDate: () => void;
  onDeleteAll: () => void;
  /** How it was delivered (src/delivery): its author and administrators only. */
  delivery?: ReactNode;
}

const mapSearch = (place: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}`;

/** The body of the details modal: when, how it repeats, where, for whom, by whom, what, its files; then the actions. */
export function EventDetailsView(props: EventDetailsViewProps) {
  const { event, span, day, syncState, audience, canChange, deviceZone, downloading, onDownload, onDeleteDate, onDeleteAll, delivery = null } = props;
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const firstDay = span.start.slice(0, 10);
  const oneDay = firstDay === span.end.slice(0, 10);
  // Timed events in another zone than the device's: the event's zone named, and the device's times beside.
  const elsewhere = !event.all_day && deviceZone !== event.time_zone;
  const author = <bdi>{authorName(i18n, event.author_name)}</bdi>;

  return (
    <div className={`event-details event-cat-${event.category}`}>
      <p className="event-details-tags">
        <span className="event-chip">{i18n._(categoryNames[event.category])}</span>
        <SyncStateBadge state={syncState} />
      </p>
      <dl className="event-facts">
        <div className="event-fact">
          <dt>
            <CalendarIcon width={18} height={18} />
            <span className="visually-hidden">
              <Trans>When</Trans>
            </span>
          </dt>
          <dd>
            {oneDay ? (
              <time className="event-fact-main" dateTime={firstDay}>
                {formatDay(firstDay, locale)}
              </time>
            ) : null}
            <span className={oneDay ? 'event-fact-time' : 'event-fact-main'}>{spanInWords(i18n, span)}</span>
            {elsewhere ? <OtherZones span={span} eventZone={event.time_zone} deviceZone={deviceZone} /> : null}
          </dd>
        </div>
        {event.repeat ? (
          <div className="event-fact">
            <dt>
              <RepeatIcon width={18} height={18} />
              <span className="visually-hidden">
                <Trans>Repeats</Trans>
              </span>
            </dt>
            <dd>{repeatInWords(i18n, event.repeat)}</dd>
          </div>
        ) : null}
        {event.location ? (
          <div className="event-fact">
            <dt>
              <MapPinIcon width={18} height={18} />
              <span className="visually-hidden">
                <Trans>Where</Trans>
              </span>
            </dt>
            <dd>
              <span dir="auto">{event.location}</span>{' '}
              <a className="event-map-link" href={mapSearch(event.location)} target="_blank" rel="noopener noreferrer">
                <Trans>Find on OpenStreetMap</Trans>
              </a>
            </dd>
          </div>
        ) : null}
        {audience ? (
          <div className="event-fact">
            <dt>
              <PeopleIcon width={18} height={18} />
              <span className="visually-hidden">
                <Trans>For</Trans>
              </span>
            </dt>
            <dd className="event-audience">
              <IsolatedText text={audience} />
            </dd>
          </div>
        ) : null}
        <div className="event-fact">
          <dt>
            <UserIcon width={18} height={18} />
            <span className="visually-hidden">
              <Trans>Author</Trans>
            </span>
          </dt>
          <dd>
            <Trans>Added by {author}</Trans>
          </dd>
        </div>
      </dl>
      {event.description ? <RichTextContent html={event.description} className="event-description" /> : null}
      <ImageGallery images={(event.attachments ?? []).filter(isShownImage)} title={event.name} />
      <AttachmentList attachments={(event.attachments ?? []).filter((file) => !isShownImage(file))} headingLevel={3} />
      {delivery}
      <div className="dialog-actions event-actions">
        <Button variant="secondary" onClick={onDownload} busy={downloading}>
          <DownloadIcon width={18} height={18} />
          <Trans>Add to calendar</Trans>
        </Button>
        {canChange ? (
          <>
            <Link className={buttonClass('secondary')} to={`/events/event/${event.id}/edit`}>
              <Trans>Edit</Trans>
            </Link>
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              <Trans>Delete</Trans>
            </Button>
          </>
        ) : null}
      </div>
      <DeleteEventDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        date={event.repeat && day ? formatDay(day, locale, 'dayShort') : null}
        onDeleteDate={onDeleteDate}
        onDeleteAll={onDeleteAll}
      />
    </div>
  );
}

/** "Times in Chile Time" and "On this device (Central European Time): 26 Nov 2026, 22:00 – 23:30 GMT+1". */
function OtherZones({ span, eventZone, deviceZone }: { span: Span; eventZone: string; deviceZone: string }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const startsAt = instantOf(span.start, eventZone);
  const eventZoneName = zoneName(eventZone, locale, startsAt);
  const deviceZoneName = zoneName(deviceZone, locale, startsAt);
  const deviceTimes = formatInstantRange(startsAt, instantOf(span.end, eventZone), deviceZone, locale);
  return (
    <>
      <span className="event-fact-note">
        <Trans>Times in {eventZoneName}</Trans>
      </span>
      <span className="event-fact-note with-icon">
        <ClockIcon width={16} height={16} />
        <span>
          <Trans>
            On this device ({deviceZoneName}): {deviceTimes}
          </Trans>
        </span>
      </span>
    </>
  );
}
