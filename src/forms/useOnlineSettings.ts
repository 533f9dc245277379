import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { useOnline } from '../ui/useOnline';
import { describeFailure } from './describeFailure';
import { validateWith, type FieldErrors } from './fieldErrors';

export type SettingsLoad<T> = { status: 'loading' } | { status: 'ready'; saved: T } | { status: 'failed'; error: string };

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

/**
 * Settings read and changed online only (the server decides with them, so a copy waiting in
 * the outbox would mislead): loaded when online (again on "Try again" and on coming back
 * online, the last answer kept meanwhile), saved with the server's 422 shown per field.
 * `door` must keep its identity between renders (a module constant, or useMemo).
 */
export function useOnlineSettings<T, S extends z.ZodType>(door: SettingsDoor<T, z.infer<S>>, schema: S): OnlineSettingsState<T, z.input<S>> {
  const { i18n } = useLingui();
  const online = useOnline();
  const [load, setLoad] = useState<SettingsLoad<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    door.fetch(controller.signal).then(
      (saved) => setLoad({ status: 'ready', saved }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', error: describeFailure(error, i18n).form ?? '' });
      },
    );
    return () => controller.abort();
  }, [door, online, attempt, i18n]);

  const retry = () => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  /** Sends to the server and keeps its answer, or shows its refusal. */
  const send = async (what: 'save' | 'remove', request: () => Promise<T>): Promise<boolean> => {
    setBusy(what);
    setErrors({});
    setFormError(null);
    try {
      setLoad({ status: 'ready', saved: await request() });
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
