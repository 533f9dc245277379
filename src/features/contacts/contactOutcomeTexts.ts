import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OutcomeTexts } from '../../sync/outcomeToasts';

/** The toasts of a change to the directory, said once the server applied (or refused) it. */
export function contactOutcomeTexts(i18n: I18n, change: 'create' | 'update' | 'delete'): OutcomeTexts {
  const sent =
    change === 'create' ? msg`Contact created successfully` : change === 'update' ? msg`Contact edited successfully` : msg`Contact deleted successfully`;
  return {
    sent: i18n._(sent),
    refused: (reason) => i18n._(msg`The server did not accept this change to the contact: ${reason}`),
  };
}
