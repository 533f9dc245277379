import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { session } from '../session/session';
import { IconButton } from '../ui/IconButton';
import { LogOutIcon } from '../ui/icons';

export function SignOutButton() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <IconButton
      label={t`Sign out`}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void session.signOut().then(() => navigate('/auth/login', { replace: true }));
      }}
    >
      <LogOutIcon className="icon icon-flip-rtl" />
    </IconButton>
  );
}
