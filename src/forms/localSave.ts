import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { StorageFullError } from '../sync/StorageFullError';
import { showToast } from '../ui/toastStore';
import type { FieldErrors } from './fieldErrors';

/**
 * Moves to the first field that needs fixing, in the order of the form. A group names every
 * field it shows the errors of (`data-field="section_ids grade_ids"`), and `repeat.count`
 * is about `repeat` too; a group takes focus on its chosen or first control.
 */
export function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors): void {
  const keys = Object.keys(errors);
  const first = Array.from(form.querySelectorAll<HTMLElement>('[data-field], [name]')).find((candidate) => {
    const fields = (candidate.dataset.field ?? candidate.getAttribute('name') ?? '').split(' ');
    return keys.some((key) => fields.some((field) => key === field || key.startsWith(`${field}.`)));
  });
  const group = first?.tagName === 'FIELDSET' || first?.tagName === 'DIV';
  (group ? first?.querySelector<HTMLElement>('input:checked, input, button') : first)?.focus();
}

/**
 * What a form says when writing to this device failed (the outbox write of a post or an
 * event): a full disk in words the person can act on, anything else as `couldNotSave`.
 * What they wrote stays in the form either way.
 */
export function localSaveMessage(error: unknown, i18n: I18n, couldNotSave: string): string {
  if (error instanceof StorageFullError) return i18n._(msg`This device's storage is full. Free some space and try again; your text is still here.`);
  return couldNotSave;
}

/**
 * Runs a write to this device (an outbox change of a list or a setting) and, when it fails,
 * says so in a toast: a full disk in words the person can act on, anything else as
 * `couldNotSave`. Answers whether it was written.
 */
export async function saveOnDevice(change: () => Promise<unknown>, i18n: I18n, couldNotSave?: string): Promise<boolean> {
  try {
    await change();
    return true;
  } catch (error) {
    showToast(
      error instanceof StorageFullError
        ? i18n._(msg`This device's storage is full. Free some space and try again.`)
        : (couldNotSave ?? i18n._(msg`The change could not be saved on this device. Please try again.`)),
      'error',
    );
    return false;
  }
}
