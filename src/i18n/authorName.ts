import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The name of who wrote something, as shown: an erased member's rows keep what they wrote
 * with no name (docs/features/privacy.md, "Erasure"), shown as "Former member" in the
 * reader's language.
 */
export function authorName(i18n: I18n, name: string): string {
  return name.trim() === '' ? i18n._(msg`Former member`) : name;
}
