import { Trans } from '@lingui/react/macro';
import { BackTo } from '../../ui/ScreenStates';

/** For members who do not publish (contract/permissions `content.publish`). */
export function NotificationsNotAllowed() {
  return (
    <BackTo to="/notifications" linkLabel={<Trans>Back to notifications</Trans>}>
      <Trans>Only staff and administrators send notifications.</Trans>
    </BackTo>
  );
}
