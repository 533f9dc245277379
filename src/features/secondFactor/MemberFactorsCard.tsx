import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import type { MemberFactorsView } from '../../../contract/secondFactor';
import { describeFailure } from '../../forms/describeFailure';
import type { MemberSectionProps } from '../../modules/uiModule';
import { fetchMemberFactors, removeMemberFactors } from '../../secondFactor/secondFactorApi';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormAlert } from '../../ui/FormAlert';
import { showToast } from '../../ui/toastStore';
import { useOnline } from '../../ui/useOnline';

/**
 * A member's second steps on an administrator's member screen (UiModule.member): how many,
 * and removing them all for a member who lost their passkey or phone and their recovery
 * codes. Administrators and staff only (the others have none); online only.
 */
export function MemberFactorsCard({ member }: MemberSectionProps) {
  if (member.role !== 'admin' && member.role !== 'staff') return null;
  return <MemberFactors key={member.id} id={member.id} name={member.name} />;
}

function MemberFactors({ id, name }: { id: string; name: string }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const online = useOnline();
  const [factors, setFactors] = useState<MemberFactorsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    fetchMemberFactors(id, controller.signal).then(setFactors, (failure: unknown) => {
      if (!controller.signal.aborted) setError(describeFailure(failure, i18n).form);
    });
    return () => controller.abort();
  }, [id, online, attempt, i18n]);
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await removeMemberFactors(id);
      showToast(t`Second steps of ${name} removed`);
      setAttempt((n) => n + 1);
    } catch (failure) {
      setError(describeFailure(failure, i18n).form);
    } finally {
      setBusy(false);
    }
  };
  const passkeys = factors?.passkeys ?? 0;
  const apps = factors?.apps ?? 0;
  const none = factors !== null && passkeys + apps === 0;
  return (
    <section className="card form" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        <Trans>Two-step sign-in</Trans>
      </h2>
      <FormAlert message={error} />
      {!online ? (
        <p className="two-step-lead" role="status">
          <Trans>Connect to the internet to see this member’s sign-in steps.</Trans>
        </p>
      ) : factors === null ? null : none ? (
        <p className="two-step-lead">
          <Trans>This member signs in with their password only.</Trans>
        </p>
      ) : (
        <>
          <p className="two-step-lead">
            <Trans>
              Passkeys: {passkeys}. Authenticator apps: {apps}.
            </Trans>
          </p>
          <div className="form-actions">
            <Button variant="secondary" onClick={() => setConfirming(true)} busy={busy} disabled={!online}>
              <Trans>Remove their second steps</Trans>
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Remove the second steps of ${name}?`}
        description={
          <Trans>
            For a member who lost their passkey or phone and their recovery codes. They sign in with their password, and add a new step right after it if the
            school requires one.
          </Trans>
        }
        confirmLabel={t`Remove`}
        onConfirm={() => void remove()}
      />
    </section>
  );
}
