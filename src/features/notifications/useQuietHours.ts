import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { notificationPreferences, type NotificationPreferences } from '../../../contract/notifications';
import { validateWith, type FieldErrors } from '../../forms/fieldErrors';
import { describeFailure } from '../../forms/describeFailure';
import { useOnline } from '../../ui/useOnline';
import { fetchPreferences, savePreferences } from './notificationsApi';

export type PreferencesLoad = { status: 'loading' } | { status: 'ready'; saved: NotificationPreferences } | { status: 'failed'; error: string };

export interface QuietHoursState {
  load: PreferencesLoad;
  online: boolean;
  busy: boolean;
  errors: FieldErrors;
  formError: string | null;
  retry: () => void;
  /** Checks and saves; resolves true when the server stored them. */
  save: (preferences: NotificationPreferences) => Promise<boolean>;
}

/**
 * The member's quiet hours, straight from the server: they decide what the server pushes
 * and when, so they are read and changed online only (and the card says so offline).
 */
export function useQuietHours(): QuietHoursState {
  const { i18n } = useLingui();
  const online = useOnline();
  const [load, setLoad] = useState<PreferencesLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    fetchPreferences(controller.signal).then(
      (saved) => setLoad({ status: 'ready', saved }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', error: describeFailure(error, i18n).form ?? '' });
      },
    );
    return () => controller.abort();
  }, [online, attempt, i18n]);

  const retry = () => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  const save = async (preferences: NotificationPreferences): Promise<boolean> => {
    const checked = validateWith(notificationPreferences, preferences);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(null);
      return false;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      setLoad({ status: 'ready', saved: await savePreferences(checked.data) });
      return true;
    } catch (error) {
      const failure = describeFailure(error, i18n);
      setErrors(failure.fields);
      setFormError(failure.form);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { load, online, busy, errors, formError, retry, save };
}
