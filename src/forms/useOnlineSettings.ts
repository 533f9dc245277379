import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { z } from 'zod';
import { loadOf, useOnlineResource, type ResourceLoad } from '../online/useOnlineResource';
import { describeFailure } from './describeFailure';
import { validateWith, type FieldErrors } from './fieldErrors';

export type SettingsLoad<T> = ResourceLoad<T>;

/** Where a card's settings live on the server: read, saved and maybe removed (each answering what is stored then). */
export interface SettingsDoor<T, I> {
  fetch: (signal: AbortSignal) => Promise<T>;
  save: (input: I) => Promise<T>;
  remove?: () => Promise<T>;
}

export interface OnlineSettingsState<T, I> {
  load: SettingsLoad<T>;
  online: boolean;
  /** Saving or removing; `removing` says which. */
  busy: boolean;
  removing: boolean;
  errors: FieldErrors;
  formError: string | null;
  retry: () => void;
  /** Checks with the contract's schema and saves; resolves true when the server stored them. */
  save: (input: I) => Promise<boolean>;
  /** Removes them (the door's `remove`); resolves true when the server did. */
  remove: () => Promise<boolean>;
}

/** A door's key for the online resource: its identity, as a string. */
const doorKeys = new WeakMap<object, string>();
let doorsSeen = 0;
const keyOf = (door: object): string => {
  const known = doorKeys.get(door);
  if (known) return known;
  const key = `door-${(doorsSeen += 1)}`;
  doorKeys.set(door, key);
  return key;
};

/**
 * Settings read and changed online only (the server decides with them, so a copy waiting in
 * the outbox would mislead): loaded when online (again on "Try again" and on coming back
 * online, the last answer kept meanwhile), saved with the server's 422 shown per field.
 * `door` must keep its identity between renders (a module constant, or useMemo).
 */
export function useOnlineSettings<T, S extends z.ZodType>(door: SettingsDoor<T, z.infer<S>>, schema: S): OnlineSettingsState<T, z.input<S>> {
  const { i18n } = useLingui();
  const settings = useOnlineResource(keyOf(door), door.fetch);
  const { online, retry } = settings;
  const load = loadOf(settings);
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** Sends to the server and keeps its answer, or shows its refusal. */
  const send = async (what: 'save' | 'remove', request: () => Promise<T>): Promise<boolean> => {
    setBusy(what);
    setErrors({});
    setFormError(null);
    try {
      settings.set(await request());
      return true;
    } catch (error) {
      const failure = describeFailure(error, i18n);
      setErrors(failure.fields);
      setFormError(failure.form);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const save = async (input: z.input<S>): Promise<boolean> => {
    const checked = validateWith(schema, input);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(null);
      return false;
    }
    return send('save', () => door.save(checked.data));
  };

  const remove = (): Promise<boolean> => (door.remove ? send('remove', door.remove) : Promise.resolve(false));

  return { load, online, busy: busy !== null, removing: busy === 'remove', errors, formError, retry, save, remove };
}
