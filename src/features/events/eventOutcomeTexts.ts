import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OutcomeTexts } from '../../sync/outcomeToasts';

export type EventChange = 'create' | 'update' | 'delete';

/** The toasts of an event's change (the original app's "Event created / edited / deleted successfully", once the server applied it). */
export function eventOutcomeTexts(i18n: I18n, change: EventChange): OutcomeTexts {
  switch (change) {
    case 'create':
      return {
        sent: i18n._(msg`Event created successfully`),
        refused: (reason) => i18n._(msg`The server did not accept this event: ${reason}`),
      };
    case 'update':
      return {
        sent: i18n._(msg`Event edited successfully`),
        refused: (reason) => i18n._(msg`The server did not accept this edit: ${reason}`),
      };
    case 'delete':
      return {
        sent: i18n._(msg`Event deleted successfully`),
        refused: (reason) => i18n._(msg`The server did not accept this deletion: ${reason}`),
      };
  }
}
