import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { SecondFactorView, TotpBeginResponse } from '../../../contract/secondFactor';
import { describeFailure } from '../../forms/describeFailure';
import { formatShortDate } from '../../i18n/formatDate';
import { ceremonyCancelled, createPasskey, passkeysAvailable } from '../../secondFactor/passkeyCeremony';
import { RecoveryCodes } from '../../secondFactor/RecoveryCodes';
import * as api from '../../secondFactor/secondFactorApi';
import { TotpSetup } from '../../secondFactor/TotpSetup';
import '../../secondFactor/secondFactor.css';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormAlert } from '../../ui/FormAlert';
import { showToast } from '../../ui/toastStore';
import { useTwoStep } from './useTwoStep';
import { OfflineNote, OnlineBody } from '../../online/OnlineBody';

/**
 * "Two-step sign-in" on the profile: the member's passkeys and authenticator apps (add,
 * remove), their recovery codes (how many are left, a new set shown once). Online only.
 */
export function TwoStepCard() {
  const { t, i18n } = useLingui();
  const id = useId();
  const { load, online, reload } = useTwoStep();
  const [busy, setBusy] = useState<'passkey' | 'app' | 'codes' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [setup, setSetup] = useState<TotpBeginResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<SecondFactorView | null>(null);
  const [renewing, setRenewing] = useState(false);

  /** Runs one action; its failure is shown in the person's language, a closed browser dialog is not a failure. */
  const act = async (what: NonNullable<typeof busy>, run: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await run();
    } catch (failure) {
      setError(ceremonyCancelled(failure) ? t`No passkey was made. Try again when you are ready.` : describeFailure(failure, i18n).form);
    } finally {
      setBusy(null);
    }
  };
  const added = (recovery: string[] | null) => {
    showToast(t`Second step added`);
    if (recovery) setCodes(recovery);
    reload();
  };
  const addPasskey = () =>
    act('passkey', async () => {
      const credential = await createPasskey(await api.passkeyRegistrationOptions());
      added((await api.registerPasskey(t`Passkey`, credential)).recovery_codes);
    });
  const addApp = () =>
    act('app', async () => {
      setSetup(await api.beginTotp(t`Authenticator app`));
    });
  const remove = (factor: SecondFactorView) =>
    act('remove', async () => {
      await api.removeFactor(factor.id);
      showToast(t`Second step removed`);
      reload();
    });
  const renew = () =>
    act('codes', async () => {
      setCodes(await api.regenerateRecoveryCodes());
      reload();
    });

  const kindName = (factor: SecondFactorView) => (factor.kind === 'webauthn' ? t`Passkey` : t`Authenticator app`);
  let body;
  if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (setup)
    body = (
      <TotpSetup
        setup={setup}
        disabled={!online}
        onCancel={() => setSetup(null)}
        onConfirm={async (code) => {
          try {
            const result = await api.confirmTotp(setup.id, code);
            setSetup(null);
            added(result.recovery_codes);
            return null;
          } catch (failure) {
            return describeFailure(failure, i18n);
          }
        }}
      />
    );
  else
    body = (
      <OnlineBody load={load} online={online} loadingLabel={t`Loading your sign-in steps…`} onRetry={reload}>
        {(list) => {
          const codesLeft = list.recovery_codes_left;
          return (
            <>
              {list.required ? (
                <p className="two-step-lead">
                  <Trans>Your school requires a second step for your role.</Trans>
                </p>
              ) : null}
              {list.factors.length === 0 ? (
                <p className="two-step-lead">
                  <Trans>You sign in with your password only.</Trans>
                </p>
              ) : (
                <ul className="two-step-factors" aria-label={t`Your sign-in steps`}>
                  {list.factors.map((factor) => (
                    <FactorItem
                      key={factor.id}
                      factor={factor}
                      kind={kindName(factor)}
                      disabled={!online || busy !== null}
                      onRemove={() => setRemoving(factor)}
                    />
                  ))}
                </ul>
              )}
              <div className="form-actions">
                <Button onClick={() => void addPasskey()} busy={busy === 'passkey'} disabled={!online || busy !== null || !passkeysAvailable()}>
                  <Trans>Add a passkey</Trans>
                </Button>
                <Button variant="secondary" onClick={() => void addApp()} busy={busy === 'app'} disabled={!online || busy !== null}>
                  <Trans>Add an authenticator app</Trans>
                </Button>
              </div>
              {list.factors.length > 0 ? (
                <div className="form-actions">
                  <p className="two-step-lead">
                    <Trans>Recovery codes left: {codesLeft}</Trans>
                  </p>
                  <Button variant="ghost" onClick={() => setRenewing(true)} busy={busy === 'codes'} disabled={!online || busy !== null}>
                    <Trans>Make new recovery codes</Trans>
                  </Button>
                </div>
              ) : null}
            </>
          );
        }}
      </OnlineBody>
    );

  return (
    <section className="card form two-step" aria-labelledby={`${id}-title`} aria-busy={busy !== null || undefined}>
      <h2 id={`${id}-title`} className="card-title">
        <Trans>Two-step sign-in</Trans>
      </h2>
      <p className="two-step-lead">
        <Trans>After your password, confirm it is you with a passkey or a code from an app. Signing in with your school’s account needs no second step.</Trans>
      </p>
      {online ? null : (
        <OfflineNote className="two-step-offline">
          <Trans>Connect to the internet to manage your sign-in steps.</Trans>
        </OfflineNote>
      )}
      <FormAlert message={error} />
      {body}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t`Remove this sign-in step?`}
        description={<Trans>You will no longer be able to use it to sign in.</Trans>}
        confirmLabel={t`Remove`}
        onConfirm={() => {
          if (removing) void remove(removing);
        }}
      />
      <ConfirmDialog
        open={renewing}
        onOpenChange={setRenewing}
        title={t`Make new recovery codes?`}
        description={<Trans>Your current recovery codes stop working.</Trans>}
        confirmLabel={t`Make new codes`}
        tone="primary"
        onConfirm={() => void renew()}
      />
    </section>
  );
}

/** One passkey or app: its name, its kind and when it was added, and a way to remove it. */
function FactorItem({ factor, kind, disabled, onRemove }: { factor: SecondFactorView; kind: string; disabled: boolean; onRemove: () => void }) {
  const { t, i18n } = useLingui();
  const name = factor.label || kind;
  const added = formatShortDate(factor.created_at, i18n.locale);
  return (
    <li className="two-step-factor">
      <span className="two-step-factor-name">
        <bdi>{name}</bdi>
        <span className="two-step-factor-meta">
          <Trans>
            {kind}, added {added}
          </Trans>
        </span>
      </span>
      <Button variant="ghost" onClick={onRemove} disabled={disabled} aria-label={t`Remove ${name}`}>
        <Trans>Remove</Trans>
      </Button>
    </li>
  );
}
