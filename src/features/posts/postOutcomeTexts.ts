import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OutcomeTexts } from '../../sync/outcomeToasts';

export type PostChange = 'create' | 'update' | 'delete';

/** The toasts of a post's change (the original app's texts, once the server applied it). */
export function postOutcomeTexts(i18n: I18n, change: PostChange): OutcomeTexts {
  switch (change) {
    case 'create':
      return {
        sent: i18n._(msg`Publication created successfully`),
        refused: (reason) => i18n._(msg`The server did not accept this publication: ${reason}`),
      };
    case 'update':
      return {
        sent: i18n._(msg`Publication edited successfully`),
        refused: (reason) => i18n._(msg`The server did not accept this edit: ${reason}`),
      };
    case 'delete':
      return {
        sent: i18n._(msg`Publication deleted successfully`),
        refused: (reason) => i18n._(msg`The server did not accept this deletion: ${reason}`),
      };
  }
}
