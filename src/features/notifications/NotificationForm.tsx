import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { notificationContentMax, notificationReceivers, notificationTitleMax, type NotificationFields } from '../../../contract/notifications';
import { audienceToSend } from '../../audience/audienceChoice';
import type { AudienceOptions } from '../../audience/audienceGroups';
import { AudiencePicker } from '../../audience/AudiencePicker';
import { audienceSummary, describeAudience } from '../../audience/audienceSummary';
import { useAudienceReach } from '../../audience/useAudienceReach';
import { useOutboxForm } from '../../forms/useOutboxForm';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { FieldError } from '../../ui/FieldError';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { ConfirmSendDialog } from './ConfirmSendDialog';
import { emptyNotificationValues, validateNotification, type NotificationFormValues } from './notificationForm';

export interface NotificationFormProps {
  audience: AudienceOptions;
  /** May send emergency alerts (contract/permissions `notifications.emergency`). */
  mayAlert: boolean;
  /** Saves locally (through the outbox); a thrown error is shown on the form. */
  onSubmit: (fields: NotificationFields) => Promise<void>;
  onCancel: () => void;
}

/**
 * Writes a notification: title, plain-text message (with what is left of its length), who
 * it is for and, for those allowed, the emergency flag. Checked with the schema the server
 * applies, every message on its field at once (and again as the person corrects, once they
 * tried to send); then a confirmation says whom it reaches before anything is queued.
 */
export function NotificationForm({ audience, mayAlert, onSubmit, onCancel }: NotificationFormProps) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState<NotificationFields | null>(null);
  const form = useOutboxForm({
    initial: emptyNotificationValues(),
    validate: (next: NotificationFormValues) => validateNotification(next, mayAlert),
    save: onSubmit,
    saveFailed: t`This notification could not be saved on this device. Please try again.`,
  });
  const { values, set, change, errors, formError, busy } = form;
  const id = useId();
  const contentId = `${id}-content`;
  const counterId = `${id}-counter`;
  const contentErrorId = `${id}-content-error`;
  const emergencyHintId = `${id}-emergency-hint`;
  // Counted while the confirmation is open (the picker counts as the audience is chosen too).
  const reach = useAudienceReach(audienceToSend(values), confirming !== null);

  /** Checked, then confirmed (whom it reaches) before anything is queued. */
  function submit(event: FormEvent<HTMLFormElement>) {
    const checked = form.check(event);
    if (checked) setConfirming(checked);
  }

  function send(fields: NotificationFields) {
    setConfirming(null);
    void form.send(fields);
  }

  const left = notificationContentMax - values.content.length;
  return (
    <form className="card form notification-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="notification-form-title">
        <Trans>New notification</Trans>
      </h1>
      <FormAlert message={formError} />
      <TextField
        label={t`Title`}
        name="title"
        valueDir="auto"
        value={values.title}
        maxLength={notificationTitleMax}
        onChange={(event) => set({ title: event.target.value })}
        error={errors.title}
        required
      />
      <div className="field">
        <label className="field-label" htmlFor={contentId}>
          <Trans>Message</Trans>
        </label>
        <textarea
          id={contentId}
          name="content"
          className="input notification-textarea"
          dir={values.content ? 'auto' : undefined}
          rows={6}
          maxLength={notificationContentMax}
          value={values.content}
          onChange={(event) => set({ content: event.target.value })}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={[errors.content ? contentErrorId : '', counterId].filter(Boolean).join(' ')}
          required
        />
        <p id={counterId} className={`field-hint notification-counter ${left < 100 ? 'is-low' : ''}`}>
          <Trans>
            {left} of {notificationContentMax} characters left
          </Trans>
        </p>
        <FieldError id={contentErrorId} message={errors.content} />
      </div>
      <AudiencePicker audience={audience} values={values} errors={errors} onChange={change} countReach={notificationReceivers} />
      {mayAlert ? (
        <div className="notification-emergency-choice">
          <Checkbox
            label={t`Emergency alert`}
            name="emergency"
            checked={values.emergency}
            onChange={(event) => set({ emergency: event.target.checked })}
            aria-describedby={emergencyHintId}
          />
          <p id={emergencyHintId} className="field-hint">
            <Trans>Pushed even during quiet hours; each person is asked to confirm they have read it, and those who do not are emailed.</Trans>
          </p>
        </div>
      ) : null}
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={busy}>
          {values.emergency && mayAlert ? t`Review and send the alert` : t`Review and send`}
        </Button>
      </div>
      <ConfirmSendDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        audience={audienceSummary(i18n, describeAudience(values, audience))}
        reach={reach.status === 'counted' ? { status: 'counted', reach: notificationReceivers(reach.reach, values.scope) } : reach}
        emergency={confirming?.emergency ?? false}
        onConfirm={() => confirming && send(confirming)}
      />
    </form>
  );
}
