import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OutcomeTexts } from '../../sync/outcomeToasts';

export type MemberChange = 'create' | 'update' | 'approve' | 'reject' | 'delete' | 'setPin' | 'deletePin';

/** The toasts of a member's change, once the server has answered it (src/sync/outcomeToasts.ts). */
export function memberOutcomeTexts(i18n: I18n, change: MemberChange): OutcomeTexts {
  const refused = (reason: string) => i18n._(msg`The server did not accept this change: ${reason}`);
  switch (change) {
    case 'create':
      return { sent: i18n._(msg`Member created successfully`), refused };
    case 'update':
      return { sent: i18n._(msg`Member edited successfully`), refused };
    case 'approve':
      return { sent: i18n._(msg`Sign-up approved`), refused };
    case 'reject':
      return { sent: i18n._(msg`Sign-up rejected`), refused };
    case 'delete':
      return { sent: i18n._(msg`Member deleted successfully`), refused };
    case 'setPin':
      return { sent: i18n._(msg`PIN saved`), refused };
    case 'deletePin':
      return { sent: i18n._(msg`PIN deleted`), refused };
  }
}
