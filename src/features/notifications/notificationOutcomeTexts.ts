import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OutcomeTexts } from '../../sync/outcomeToasts';

/** The toasts of a sent notification (the original app's "Notification created successfully", once the server applied it). */
export function createOutcomeTexts(i18n: I18n): OutcomeTexts {
  return {
    sent: i18n._(msg`Notification created successfully`),
    refused: (reason) => i18n._(msg`The server did not accept this notification: ${reason}`),
  };
}

/** The toasts of "send again to those who have not read it". */
export function remindOutcomeTexts(i18n: I18n): OutcomeTexts {
  return {
    sent: i18n._(msg`Sent again to those who have not read it`),
    refused: (reason) => i18n._(msg`It was not sent again: ${reason}`),
  };
}
