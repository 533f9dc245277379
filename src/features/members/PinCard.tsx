import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../contract/messages';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FieldError } from '../../ui/FieldError';
import { CheckCircleIcon } from '../../ui/icons';
import { NoPinWarning } from './MemberBadges';
import { KeyIcon } from './memberIcons';

/** The contract's rule (`pinField`), without loading zod on this screen. */
export const isPin = (value: string) => /^\d{4,6}$/.test(value);
const pinMessage = messages.pinInvalid;

export interface PinCardProps {
  hasPin: boolean;
  /** Why this administrator may not change it (their own account), or null. */
  lockedReason: string | null;
  onSet: (pin: string) => Promise<void>;
  onDelete: () => Promise<void>;
}

/** A member's PIN (docs/features/members.md): whether one is set, a new one (masked, digits), or removing it. */
export function PinCard({ hasPin, lockedReason, onSet, onDelete }: PinCardProps) {
  const { t } = useLingui();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isPin(pin)) {
      setError(pinMessage);
      return;
    }
    await onSet(pin);
    setPin('');
    setError(undefined);
    setEditing(false);
  }

  return (
    <section className="card member-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title with-icon">
        <KeyIcon />
        <span>
          <Trans>PIN</Trans>
        </span>
      </h2>
      <p className="member-pin-state">
        {hasPin ? (
          <span className="with-icon">
            <CheckCircleIcon width={16} height={16} />
            <span>
              <Trans>A PIN is set.</Trans>
            </span>
          </span>
        ) : (
          <NoPinWarning />
        )}
      </p>
      {lockedReason ? (
        <p className="muted">{lockedReason}</p>
      ) : editing ? (
        <form className="member-pin-form" noValidate onSubmit={(event) => void submit(event)}>
          <label className="field-label" htmlFor={`${id}-pin`}>
            <Trans>New PIN (4 to 6 digits)</Trans>
          </label>
          <input
            id={`${id}-pin`}
            name="pin"
            className="input member-pin-input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]*"
            maxLength={6}
            dir="ltr"
            value={pin}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          />
          <FieldError id={`${id}-error`} message={error} />
          <div className="form-actions">
            <Button variant="secondary" onClick={() => setEditing(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit">
              <Trans>Save PIN</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div className="member-card-actions">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {hasPin ? <Trans>Change PIN</Trans> : <Trans>Set a PIN</Trans>}
          </Button>
          {hasPin ? (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <Trans>Delete PIN</Trans>
            </Button>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Delete this PIN?`}
        description={<Trans>The member will have no PIN until a new one is set.</Trans>}
        confirmLabel={t`Delete PIN`}
        onConfirm={() => void onDelete()}
      />
    </section>
  );
}
