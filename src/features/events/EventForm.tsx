import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { eventCategories, type EventCategory, type EventFields } from '../../../contract/events';
import { AudiencePicker } from '../../audience/AudiencePicker';
import type { AudienceOptions } from '../../audience/audienceGroups';
import { RichTextEditor } from '../../richText/RichTextEditor';
import { sanitizeRichText } from '../../richText/sanitizeRichText';
import { useOutboxForm } from '../../forms/useOutboxForm';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { FieldError } from '../../ui/FieldError';
import { FormAlert } from '../../ui/FormAlert';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { noAttachmentChanges, withAttachments, type AttachableFormProps, type AttachmentChanges } from '../../uploads/attachmentChanges';
import { AttachmentsField } from '../../uploads/AttachmentsField';
import { toFieldsInput, type EventFormValues } from './eventFormValues';
import { categoryNames } from './eventWords';
import { EventRepeatFields } from './EventRepeatFields';
import { EventWhenFields } from './EventWhenFields';
import { validateEvent } from './validateEvent';

export interface EventFormProps extends AttachableFormProps<EventFields> {
  initial: EventFormValues;
  audience: AudienceOptions;
  /** The college's zone (contract/eventTime.ts: the times are wall-clock times there). */
  timeZone: string;
  /** The college's today, `YYYY-MM-DD`. */
  today: string;
}

/**
 * Create and edit an event. Validated with `eventFields`, the schema the server applies,
 * so every message appears at once next to its field and nothing is written while invalid.
 */
export function EventForm(props: EventFormProps) {
  const {
    title,
    initial,
    audience,
    timeZone,
    today,
    submitLabel,
    initialErrors = {},
    initialFormError = null,
    attachable = false,
    existingAttachments = [],
    onSubmit,
    onCancel,
  } = props;
  const { t, i18n } = useLingui();
  const form = useOutboxForm<EventFormValues & { attachments: AttachmentChanges }, { fields: EventFields; attachments: AttachmentChanges }>({
    initial: { ...initial, attachments: noAttachmentChanges },
    initialErrors,
    initialFormError,
    validate: ({ attachments, ...values }) =>
      withAttachments(validateEvent(toFieldsInput(values, sanitizeRichText(values.description))), i18n, existingAttachments, attachments),
    save: ({ fields, attachments }) => onSubmit(fields, attachments),
    saveFailed: t`This event could not be saved on this device. Please try again.`,
  });
  const { values, set, errors, formError, busy, submit } = form;
  // The pickers answer the event's values whole; its files stay as they are.
  const change = (next: EventFormValues) => form.change({ ...next, attachments: values.attachments });
  const id = useId();
  const categoryErrorId = `${id}-category-error`;
  const syncHintId = `${id}-sync-hint`;

  return (
    <form className="card form event-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="event-form-title">
        {title}
      </h1>
      <FormAlert message={formError} />
      <TextField
        label={t`Name`}
        name="name"
        valueDir="auto"
        value={values.name}
        onChange={(event) => set({ name: event.target.value })}
        error={errors.name}
        maxLength={200}
        required
      />
      <div className="event-form-row">
        <div className="field">
          <Select
            label={t`Category`}
            name="category"
            value={values.category}
            onChange={(event) => set({ category: event.target.value as EventCategory | '' })}
            options={[
              { value: '', label: t`Choose a category` },
              ...eventCategories.map((category) => ({ value: category, label: i18n._(categoryNames[category]) })),
            ]}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? categoryErrorId : undefined}
          />
          <FieldError id={categoryErrorId} message={errors.category} />
        </div>
        <TextField
          label={t`Location`}
          name="location"
          valueDir="auto"
          value={values.location}
          onChange={(event) => set({ location: event.target.value })}
          error={errors.location}
          maxLength={300}
        />
      </div>
      <fieldset className="event-when">
        <legend className="field-label">
          <Trans>When</Trans>
        </legend>
        <EventWhenFields values={values} errors={errors} onChange={change} timeZone={timeZone} today={today} />
        <EventRepeatFields values={values} errors={errors} onChange={change} today={today} />
      </fieldset>
      <RichTextEditor
        label={t`Description (optional)`}
        initialHtml={initial.description}
        onChange={(description) => set({ description })}
        error={errors.description}
      />
      <AudiencePicker audience={audience} values={values} errors={errors} onChange={change} />
      {attachable ? (
        <AttachmentsField
          existing={existingAttachments}
          value={values.attachments}
          onChange={(attachments) => set({ attachments })}
          error={errors.attachments}
        />
      ) : null}
      <div className="event-sync">
        <Checkbox
          label={t`Show in calendar feeds`}
          name="calendar_sync"
          checked={values.calendar_sync}
          onChange={(event) => set({ calendar_sync: event.target.checked })}
          aria-describedby={syncHintId}
        />
        <p id={syncHintId} className="field-hint">
          <Trans>People who added their calendar link to Google Calendar, Apple Calendar or Outlook see it there too.</Trans>
        </p>
      </div>
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
