import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { EventFields } from '../../../contract/events';
import { dayIn } from '../../../contract/eventTime';
import { can } from '../../../contract/permissions';
import type { FieldErrors } from '../../forms/fieldErrors';
import { useSession } from '../../session/session';
import { toastOutcome } from '../../sync/outcomeToasts';
import { useOutboxEntry } from '../../sync/useOutboxEntry';
import { collegeTimeZone, useCollege } from '../../tenant/tenantStore';
import { usePageMeta } from '../../tenant/usePageMeta';
import { LoadingState } from '../../ui/ScreenStates';
import { EventForm } from './EventForm';
import { emptyEventValues, valuesFrom } from './eventFormValues';
import { eventOutcomeTexts } from './eventOutcomeTexts';
import { useEvent } from './eventQueries';
import { EventGone, EventsNotAllowed } from './EventScreenStates';
import { resendEvent, updateEvent } from './eventWrites';
import { useAudienceOptions } from './useAudienceOptions';
import { useEventsDb } from './useEventsDb';
import { saveAttachmentChanges, type AttachmentChanges } from '../../uploads/attachmentChanges';
import { useAttachmentQueue } from '../../uploads/useAttachmentQueue';

function firstErrors(errors: Record<string, string[]> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, list] of Object.entries(errors ?? {})) if (list[0]) out[field] = list[0];
  return out;
}

/**
 * `/events/event/:id/edit`. With `?resend=<seq>` it fixes a change the server refused: the
 * form starts from that change's kept values and errors, and saving sends it again in place.
 */
export function EditEventScreen() {
  const { t, i18n } = useLingui();
  const db = useEventsDb();
  const { user } = useSession();
  const college = useCollege();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const resendParam = Number(params.get('resend'));
  const seq = Number.isInteger(resendParam) && resendParam > 0 ? resendParam : null;
  const event = useEvent(id);
  const entry = useOutboxEntry(seq);
  const audience = useAudienceOptions();
  const attachmentQueue = useAttachmentQueue();
  const [now] = useState(() => new Date());
  usePageMeta(t`Edit event`);

  if (!user || !can(user.role, 'content.publish')) return <EventsNotAllowed />;
  if (event === undefined || entry === undefined || !audience) return <LoadingState label={t`Loading…`} />;
  const fixing = entry !== null && entry.entityId === id && entry.entity === 'events' && entry.status === 'attention' ? entry : null;
  if (!event && !fixing) return <EventGone />;

  // The event's wall times are in its own zone: the college's when it was created.
  const timeZone = event?.time_zone ?? collegeTimeZone(college);
  const fromEvent = valuesFrom(event, emptyEventValues(now, timeZone));
  const initial = fixing ? valuesFrom(fixing.args, fromEvent) : fromEvent;
  const save = async (fields: EventFields, attachments: AttachmentChanges) => {
    if (fixing?.seq !== undefined) {
      await resendEvent(db, fixing.seq, id, fields);
      void toastOutcome(db, i18n, fixing.seq, eventOutcomeTexts(i18n, fixing.name === 'events.create' ? 'create' : 'update'));
    } else {
      const queued = await updateEvent(db, id, fields);
      void toastOutcome(db, i18n, queued, eventOutcomeTexts(i18n, 'update'));
    }
    // After the event's change: its files wait for it (the upload queue reads the outbox).
    await saveAttachmentChanges(i18n, db, attachmentQueue, { table: 'events', owner: 'event', owner_id: id, title: fields.name }, attachments);
    // A refused create that the engine rolled back has no local event to show yet.
    await navigate(event ? `/events?event=${id}` : '/app/outbox');
  };

  return (
    <div className="page event-form-page">
      <EventForm
        key={fixing ? `fix-${fixing.seq}` : id}
        title={fixing ? <Trans>Fix and resend</Trans> : <Trans>Edit event</Trans>}
        initial={initial}
        initialErrors={fixing ? firstErrors(fixing.error?.errors) : {}}
        initialFormError={fixing?.error && !fixing.error.errors ? fixing.error.message : null}
        audience={audience}
        timeZone={timeZone}
        today={dayIn(now, timeZone)}
        submitLabel={fixing ? t`Save and resend` : t`Save changes`}
        attachable={attachmentQueue !== null}
        existingAttachments={event?.attachments ?? []}
        onSubmit={save}
        onCancel={() => void navigate(-1)}
      />
    </div>
  );
}
