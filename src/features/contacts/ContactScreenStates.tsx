import { Trans } from '@lingui/react/macro';
import { BackTo } from '../../ui/ScreenStates';

/** A member who is not an administrator opens the contact form. */
export function ContactsNotAllowed() {
  return (
    <BackTo to="/admin/contacts" linkLabel={<Trans>Back to contacts</Trans>}>
      <Trans>Only administrators add or edit contacts.</Trans>
    </BackTo>
  );
}

/** A contact that is not (or no longer) on this device. */
export function ContactGone() {
  return (
    <BackTo to="/admin/contacts" linkLabel={<Trans>Back to contacts</Trans>}>
      <Trans>This contact no longer exists.</Trans>
    </BackTo>
  );
}
