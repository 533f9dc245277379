import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { deliverySettings, type DeliverySettings } from '../../../contract/delivery';
import type { OnlineSettingsState } from '../../forms/useOnlineSettings';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { OfflineNote, OnlineBody } from '../../online/OnlineBody';

export interface DeliverySettingsViewProps extends Omit<OnlineSettingsState<DeliverySettings, DeliverySettings>, 'retry' | 'save'> {
  onRetry: () => void;
  onSave: (settings: DeliverySettings) => void;
}

/** What is typed: text, so a half-typed or empty number is kept as it is and checked on saving. */
type Draft = Record<keyof DeliverySettings, string>;
const draftOf = (settings: DeliverySettings): Draft => ({ inactive_days: String(settings.inactive_days), mails_per_second: String(settings.mails_per_second) });
/** The ranges the contract allows (the inputs' bounds and their hints say the same). */
const rangeOf = (field: keyof DeliverySettings) => {
  const schema = deliverySettings.shape[field];
  return { least: schema.minValue ?? 1, most: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
};
const daysRange = rangeOf('inactive_days');
const rateRange = rangeOf('mails_per_second');

/** A field left empty is not 0: it reaches the contract's check as "not a number". */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

function DeliverySettingsForm({
  saved,
  online,
  busy,
  errors,
  formError,
  onSave,
}: Omit<DeliverySettingsViewProps, 'load' | 'onRetry'> & { saved: DeliverySettings }) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState(() => draftOf(saved));
  const leastDays = i18n.number(daysRange.least);
  const mostDays = i18n.number(daysRange.most);
  const leastMails = i18n.number(rateRange.least);
  const mostMails = i18n.number(rateRange.most);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave({ inactive_days: numberOf(draft.inactive_days), mails_per_second: numberOf(draft.mails_per_second) });
  };
  return (
    <form noValidate onSubmit={submit} className="reach-settings-form">
      <FormAlert message={formError} />
      <TextField
        label={t`Days without opening Patio before email is sent anyway`}
        name="inactive_days"
        type="number"
        inputMode="numeric"
        min={daysRange.least}
        max={daysRange.most}
        valueDir="ltr"
        value={draft.inactive_days}
        onChange={(event) => setDraft((current) => ({ ...current, inactive_days: event.target.value }))}
        hint={
          <Trans>
            Members none of whose devices has opened Patio in this many days get email, whatever they chose ({leastDays} to {mostDays}).
          </Trans>
        }
        error={errors.inactive_days}
      />
      <TextField
        label={t`Emails per second, at most`}
        name="mails_per_second"
        type="number"
        inputMode="numeric"
        min={rateRange.least}
        max={rateRange.most}
        valueDir="ltr"
        value={draft.mails_per_second}
        onChange={(event) => setDraft((current) => ({ ...current, mails_per_second: event.target.value }))}
        hint={
          <Trans>
            How many emails are handed to the school’s mail server each second ({leastMails} to {mostMails}). Lower it if the server refuses a burst.
          </Trans>
        }
        error={errors.mails_per_second}
      />
      <div className="form-actions">
        <Button type="submit" busy={busy} disabled={!online}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  );
}

/** "Reaching families" on the integrations screen: the college's delivery settings, online only. Only renders. */
export function DeliverySettingsView({ load, online, onRetry, ...form }: DeliverySettingsViewProps) {
  const { t } = useLingui();
  const id = useId();
  // Keyed by what is saved: a save's answer starts the form again from the server's values.
  const body = (
    <OnlineBody load={load} online={online} loadingLabel={t`Loading the delivery settings…`} onRetry={onRetry}>
      {(data) => <DeliverySettingsForm key={JSON.stringify(data)} saved={data} online={online} {...form} />}
    </OnlineBody>
  );
  return (
    <section className="card reach-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Reaching families</Trans>
      </h2>
      <p className="smtp-form-intro">
        <Trans>
          Each member chooses how news, events and notifications reach them: in the app, an email each, or one email a day. Emergency alerts always go at once
          by every channel.
        </Trans>
      </p>
      {online ? null : (
        <OfflineNote>
          <Trans>Connect to the internet to change these settings.</Trans>
        </OfflineNote>
      )}
      {body}
    </section>
  );
}
