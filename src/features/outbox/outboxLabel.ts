import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OutboxEntry } from '../../db/database';
import { presenterOf, type UiModule } from '../../modules/uiModule';

/**
 * A readable name for a queued change, from the module that owns its mutation ("New
 * publication: <title>"); `knownTitle` is the title of the row it touches when the change
 * itself does not carry one (a delete). A mutation no module presents reads "Change: name".
 */
export function outboxLabel(i18n: I18n, modules: readonly UiModule[], entry: OutboxEntry, knownTitle: string | undefined): string {
  const presenter = presenterOf(modules, entry);
  if (presenter) return presenter.label(i18n, entry, knownTitle ?? '');
  const name = entry.name;
  return i18n._(msg`Change: ${name}`);
}

/** Where the person can fix a refused change, when its module has a form for it. */
export function fixHref(modules: readonly UiModule[], entry: OutboxEntry): string | null {
  return presenterOf(modules, entry)?.fixHref?.(entry) ?? null;
}

/** Where the changed item can be seen, if anywhere. */
export function itemHref(modules: readonly UiModule[], entry: OutboxEntry): string | null {
  return presenterOf(modules, entry)?.itemHref?.(entry) ?? null;
}
