import { Trans } from '@lingui/react/macro';
import { BackTo } from '../../ui/ScreenStates';

/** For roles without `users.manage` (the navigation hides the entry; an address typed in ends here). */
export function NotAllowed() {
  return (
    <BackTo to="/app" linkLabel={<Trans>Go to home</Trans>}>
      <Trans>Only administrators can manage members.</Trans>
    </BackTo>
  );
}

export function MemberGone() {
  return (
    <BackTo to="/users" linkLabel={<Trans>See all members</Trans>}>
      <Trans>This member no longer exists.</Trans>
    </BackTo>
  );
}
