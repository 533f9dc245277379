import { useLingui } from '@lingui/react';
import { useRef, useState, type FormEvent } from 'react';
import type { FieldErrors, Validated } from './fieldErrors';
import { focusFirstInvalid, localSaveMessage } from './localSave';

export interface OutboxFormOptions<V extends object, D> {
  initial: V;
  /** A refused change's errors (fixed from the outbox): shown at once, and re-checked as the person types. */
  initialErrors?: FieldErrors;
  /** A refused change's message for the whole form (the server's reason). */
  initialFormError?: string | null;
  /** The contract's schema over the values, as the server applies it. */
  validate: (values: V) => Validated<D>;
  /**
   * Fields whose errors only the server finds (an email another member has): such an error
   * stays until its own field changes, whatever the device's check says.
   */
  serverOnly?: readonly string[];
  /** Writes the change on this device (through the outbox); a thrown error becomes the form's message. */
  save: (data: D) => Promise<void>;
  /** The form's message when the write on this device failed (a full disk has its own). */
  saveFailed: string;
}

/**
 * What every form that writes through the outbox does the same way:
 *
 * - Nothing is checked while the person first fills the form. From the first submit that
 *   failed (or a refused change's errors) on, every change is checked again: an error goes as
 *   soon as its field is valid, and a new one shows as they type.
 * - A submit that fails the check writes nothing and moves to the first field to fix.
 * - A valid submit is sent once: a second press while it is being written does nothing, and
 *   the form is `busy` until the write ended. A failed write leaves every value in the form,
 *   with the reason above it.
 *
 * `check` and `send` are the two halves of `submit`, for a form that asks before sending
 * (the notification's confirmation); `revalidate` for values kept outside the form's (files);
 * `reset` for a form that stays open after it sent (the messenger's composer, adding members).
 */
export function useOutboxForm<V extends object, D>(options: OutboxFormOptions<V, D>) {
  const { i18n } = useLingui();
  const [values, setValues] = useState<V>(options.initial);
  // The values as last set, also between a change and its render (two changes in one event).
  const current = useRef<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>(options.initialErrors ?? {});
  const [formError, setFormError] = useState<string | null>(options.initialFormError ?? null);
  const [busy, setBusy] = useState(false);
  const tried = useRef(Object.keys(options.initialErrors ?? {}).length > 0);
  const sending = useRef(false);

  const recheck = (next: V, changed: readonly string[]) => {
    if (!tried.current) return;
    const checked = options.validate(next);
    setErrors((shown) => {
      const kept = Object.fromEntries(
        Object.entries(shown).filter(([field]) => options.serverOnly?.includes(field) && !changed.includes(field)),
      ) as FieldErrors;
      return checked.ok ? kept : { ...kept, ...checked.errors };
    });
  };

  /** Changes some fields. */
  const set = (patch: Partial<V>) => change({ ...current.current, ...patch }, Object.keys(patch));

  /** Replaces the values (a picker that answers them whole); `changed`: the fields it changed, when known. */
  const change = (next: V, changed: readonly string[] = changedFields(current.current, next)) => {
    current.current = next;
    setValues(next);
    recheck(next, changed);
  };

  /** Checks the values at a submit: their data, or null (the errors shown, the first field focused). */
  const check = (event: FormEvent<HTMLFormElement>): D | null => {
    event.preventDefault();
    tried.current = true;
    const checked = options.validate(current.current);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid(event.currentTarget, checked.errors);
      return null;
    }
    setErrors({});
    return checked.data;
  };

  /** Writes checked data once; resolves whether it was written. */
  const send = async (data: D): Promise<boolean> => {
    if (sending.current) return false;
    sending.current = true;
    setFormError(null);
    setBusy(true);
    try {
      await options.save(data);
      return true;
    } catch (error) {
      console.error(error);
      setFormError(localSaveMessage(error, i18n, options.saveFailed));
      return false;
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    if (sending.current) {
      event.preventDefault();
      return;
    }
    const data = check(event);
    if (data !== null) void send(data);
  };

  /** Starts over with these values (a form that stays open after it sent, or is given another thing to edit). */
  const reset = (next: V) => {
    current.current = next;
    tried.current = false;
    setValues(next);
    setErrors({});
    setFormError(null);
  };

  return { values, set, change, reset, errors, formError, busy, submit, check, send, revalidate: () => recheck(current.current, []) };
}

function changedFields<V extends object>(before: V, after: V): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => (before as Record<string, unknown>)[key] !== (after as Record<string, unknown>)[key]);
}
