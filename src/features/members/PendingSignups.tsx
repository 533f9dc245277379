import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { UsersIcon } from './memberIcons';
import { usePendingCount } from './memberQueries';

/**
 * The top of an administrator's home (ui.tsx `home`): "3 sign-ups waiting for approval",
 * linking to the list filtered to them. Nothing for other roles, nor when none wait.
 */
export function PendingSignups() {
  const { user } = useSession();
  const allowed = can(user?.role, 'users.manage');
  const count = usePendingCount(allowed);
  if (!allowed || !count) return null;
  return <PendingSignupsView count={count} />;
}

export function PendingSignupsView({ count }: { count: number }) {
  const { t } = useLingui();
  return (
    <section className="pending-signups" aria-label={t`Sign-ups`}>
      <Link className="pending-signups-link" to="/users?status=pending">
        <UsersIcon />
        <span>{t`${plural(count, { one: '# sign-up waiting for approval', other: '# sign-ups waiting for approval' })}`}</span>
      </Link>
    </section>
  );
}
