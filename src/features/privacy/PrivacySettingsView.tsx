import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../contract/messages';
import { retentionMonthsMax, type ErasurePolicy, type PrivacySettingsFields } from '../../../contract/privacy';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { TextField } from '../../ui/TextField';

export interface PrivacySettingsViewProps {
  settings: PrivacySettingsFields;
  onSave: (settings: PrivacySettingsFields) => Promise<void>;
}

/** Months as typed: a whole number from 1 to 120, else null. */
function monthsOf(text: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const months = Number(text);
  return months >= 1 && months <= retentionMonthsMax ? months : null;
}

/**
 * The college's privacy settings as a form: what an erasure does with what the member wrote,
 * and whether (and after how many months) messages are deleted. Only renders; the screen
 * reads and writes.
 */
export function PrivacySettingsView({ settings, onSave }: PrivacySettingsViewProps) {
  const { t } = useLingui();
  const id = useId();
  const [policy, setPolicy] = useState<ErasurePolicy>(settings.erasure_policy);
  const [retains, setRetains] = useState(settings.message_retention_months !== null);
  const [months, setMonths] = useState(String(settings.message_retention_months ?? 24));
  const [error, setError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = retains ? monthsOf(months) : null;
    if (retains && value === null) {
      setError(messages.privacyRetentionInvalid);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      await onSave({ erasure_policy: policy, message_retention_months: value });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form privacy-settings-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="privacy-settings-grid">
        <fieldset className="privacy-choice">
          <legend className="field-label">
            <Trans>When an administrator erases a member, what they wrote…</Trans>
          </legend>
          <label className="privacy-choice-option">
            <input type="radio" name={`${id}-policy`} value="keep" checked={policy === 'keep'} onChange={() => setPolicy('keep')} />
            <span>
              <Trans>stays, shown under “Former member” (publications, events, notifications, documents and messages)</Trans>
            </span>
          </label>
          <label className="privacy-choice-option">
            <input type="radio" name={`${id}-policy`} value="remove" checked={policy === 'remove'} onChange={() => setPolicy('remove')} />
            <span>
              <Trans>is removed with them, from every device</Trans>
            </span>
          </label>
          <p className="muted">
            <Trans>Either way their account, personal details, files, sessions, notifications on their devices and calendar link go.</Trans>
          </p>
        </fieldset>
        <fieldset className="privacy-choice">
          <legend className="field-label">
            <Trans>Messages</Trans>
          </legend>
          <Checkbox label={<Trans>Delete old messages</Trans>} checked={retains} onChange={(event) => setRetains(event.target.checked)} />
          {retains ? (
            <TextField
              label={t`Delete messages older than (months)`}
              name="message_retention_months"
              inputMode="numeric"
              valueDir="ltr"
              value={months}
              error={error}
              onChange={(event) => setMonths(event.target.value)}
              hint={
                <Trans>
                  From 1 to 120 months. Every hour, messages older than this are deleted on the server and on every device, and so are conversations with no
                  messages left that had nothing new for as long.
                </Trans>
              }
            />
          ) : (
            <p className="muted">
              <Trans>Messages are kept until their authors delete them.</Trans>
            </p>
          )}
        </fieldset>
      </div>
      <div className="form-actions">
        <Button type="submit" busy={saving}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  );
}
