import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { session } from '../session/session';
import { useUnsentCount } from '../sync/hooks';
import { requestSync } from '../sync/syncClient';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { IconButton } from '../ui/IconButton';
import { LogOutIcon } from '../ui/icons';

/**
 * Signs out, which deletes this user's local data (src/session/localData.ts), so it always
 * asks first. With changes not sent yet it warns about them (docs/sync.md, rule 6):
 * waiting keeps the user signed in and tries to send them now. Without, it says that the
 * offline copy goes and comes back at the next sign-in.
 */
export function SignOutButton() {
  const { t } = useLingui();
  const navigate = useNavigate();
  // The user's changes only: reading a post offline is not worth a warning.
  const unsent = useUnsentCount();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [confirming, setConfirming] = useState(false);

  function signOut() {
    setBusy(true);
    setAsking(false);
    setConfirming(false);
    void session.signOut('user').then(() => navigate('/auth/login', { replace: true }));
  }

  return (
    <>
      <IconButton label={t`Sign out`} disabled={busy} onClick={() => (unsent > 0 ? setAsking(true) : setConfirming(true))}>
        <LogOutIcon className="icon icon-flip-rtl" />
      </IconButton>
      <Dialog
        open={asking && unsent > 0}
        onOpenChange={setAsking}
        title={t`Sign out?`}
        description={<Plural value={unsent} one="You have # change not sent yet." other="You have # changes not sent yet." />}
      >
        <div className="dialog-body">
          <p>
            <Trans>Signing out deletes this device's copy of your data, including the changes not sent yet. Wait to send them when you are online.</Trans>
          </p>
          <div className="dialog-actions">
            <Button
              variant="secondary"
              onClick={() => {
                setAsking(false);
                requestSync('user');
              }}
            >
              <Trans>Wait</Trans>
            </Button>
            <Button variant="danger" onClick={signOut}>
              <Trans>Sign out anyway</Trans>
            </Button>
          </div>
        </div>
      </Dialog>
      <ConfirmDialog
        open={confirming && unsent === 0}
        onOpenChange={setConfirming}
        title={t`Sign out?`}
        description={t`Signing out removes this device's offline copy of the school's data. It will be downloaded again the next time you sign in.`}
        confirmLabel={t`Sign out`}
        onConfirm={signOut}
      />
    </>
  );
}
