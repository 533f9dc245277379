import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { describeFailure } from '../../forms/describeFailure';
import type { MemberSectionProps } from '../../modules/uiModule';
import { useOnlineResource } from '../../online/useOnlineResource';
import { fetchMemberFactors, removeMemberFactors } from '../../secondFactor/secondFactorApi';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormAlert } from '../../ui/FormAlert';
import { showToast } from '../../ui/toastStore';

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
  const read = useOnlineResource(`member-factors/${id}`, (signal) => fetchMemberFactors(id, signal));
  const { online, reload } = read;
  const factors = read.data ?? null;
  const [removeError, setRemoveError] = useState<string | null>(null);
  const error = removeError ?? read.error;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    setRemoveError(null);
    try {
      await removeMemberFactors(id);
      showToast(t`Second steps of ${name} removed`);
      reload();
    } catch (failure) {
      setRemoveError(describeFailure(failure, i18n).form);
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
