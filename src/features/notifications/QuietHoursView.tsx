import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { NotificationPreferences } from '../../../contract/notifications';
import { TimeField } from '../../forms/TimeField';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { FormAlert } from '../../ui/FormAlert';
import type { QuietHoursState } from './useQuietHours';
import { OfflineNote, OnlineBody } from '../../online/OnlineBody';

export interface QuietHoursViewProps extends Omit<QuietHoursState, 'retry' | 'save'> {
  onRetry: () => void;
  onSave: (preferences: NotificationPreferences) => void;
}

/** The form, once the saved preferences are known (it starts from them). */
function QuietHoursForm({
  saved,
  online,
  busy,
  errors,
  formError,
  onSave,
}: Omit<QuietHoursViewProps, 'load' | 'onRetry'> & { saved: NotificationPreferences }) {
  const { t } = useLingui();
  const [values, setValues] = useState(saved);
  const set = (patch: Partial<NotificationPreferences>) => setValues((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(values);
  };
  return (
    <form noValidate onSubmit={submit} className="quiet-hours-form">
      <FormAlert message={formError} />
      <Checkbox label={t`Quiet hours`} name="quiet_hours" checked={values.quiet_hours} onChange={(event) => set({ quiet_hours: event.target.checked })} />
      {values.quiet_hours ? (
        <div className="quiet-hours-times">
          <TimeField
            label={t`From`}
            name="quiet_start"
            value={values.quiet_start}
            onChange={(quiet_start) => set({ quiet_start })}
            error={errors.quiet_start}
          />
          <TimeField label={t`Until`} name="quiet_end" value={values.quiet_end} onChange={(quiet_end) => set({ quiet_end })} error={errors.quiet_end} />
        </div>
      ) : null}
      <div className="form-actions">
        <Button type="submit" busy={busy} disabled={!online}>
          <Trans>Save quiet hours</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Quiet hours on the profile: when ordinary notifications wait (emergency alerts never do). */
export function QuietHoursView({ load, online, onRetry, ...form }: QuietHoursViewProps) {
  const { t } = useLingui();
  const id = useId();
  // Keyed by what is saved: a save's answer starts the form again from the server's values.
  const body = (
    <OnlineBody load={load} online={online} loadingLabel={t`Loading your quiet hours…`} onRetry={onRetry}>
      {(data) => <QuietHoursForm key={JSON.stringify(data)} saved={data} online={online} {...form} />}
    </OnlineBody>
  );
  return (
    <section className="card form quiet-hours" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        <Trans>Quiet hours</Trans>
      </h2>
      <p className="quiet-hours-lead">
        <Trans>
          During quiet hours, in the school’s time zone, notifications are not pushed to your devices; they arrive together when quiet hours end. Emergency
          alerts always arrive at once.
        </Trans>
      </p>
      {online ? null : (
        <OfflineNote>
          <Trans>Connect to the internet to change your quiet hours.</Trans>
        </OfflineNote>
      )}
      {body}
    </section>
  );
}
