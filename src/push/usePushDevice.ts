import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { describeFailure } from '../forms/describeFailure';
import { useOnline } from '../ui/useOnline';
import { currentSubscription, NoServiceWorkerError, notificationPermission, pushSupport, turnOffPush, turnOnPush } from './pushSubscription';

/**
 * Where this device stands: still reading the browser's state, cannot receive alerts
 * (`unsupported`, or `needs-install` on an iPhone outside the installed app), `blocked`
 * (the person refused notifications for the site), `off` or `on`.
 */
export type PushStatus = 'checking' | 'unsupported' | 'needs-install' | 'blocked' | 'off' | 'on';

export interface PushDeviceState {
  status: PushStatus;
  online: boolean;
  busy: 'on' | 'off' | null;
  /** The prompt was closed without an answer: the person may try again. */
  dismissed: boolean;
  /** Why the last change failed, translated. */
  error: string | null;
  /** Resolve true when the change was made. */
  turnOn: () => Promise<boolean>;
  turnOff: () => Promise<boolean>;
}

async function readStatus(): Promise<PushStatus> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  if (notificationPermission() === 'denied') return 'blocked';
  return notificationPermission() === 'granted' && (await currentSubscription()) ? 'on' : 'off';
}

/** This device's alerts, read from the browser and changed through src/push/pushSubscription.ts. */
export function usePushDevice(): PushDeviceState {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [status, setStatus] = useState<PushStatus>('checking');
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(() => {
    readStatus().then(setStatus, () => setStatus('off'));
  }, []);

  useEffect(() => {
    refresh();
    // The person may allow or block notifications in the browser's settings meanwhile.
    let permission: PermissionStatus | null = null;
    navigator.permissions?.query({ name: 'notifications' }).then(
      (status) => {
        permission = status;
        status.onchange = refresh;
      },
      () => undefined,
    );
    return () => {
      if (permission) permission.onchange = null;
    };
  }, [refresh]);

  const failed = (cause: unknown) => {
    if (cause instanceof NoServiceWorkerError) setError(t`The app is still being installed on this device. Try again in a moment.`);
    else if (cause instanceof DOMException) setError(t`This browser could not reach its notification service. Try again when you are online.`);
    else {
      const failure = describeFailure(cause, i18n);
      setError(failure.form ?? Object.values(failure.fields)[0] ?? null);
    }
  };

  const turnOn = async (): Promise<boolean> => {
    setBusy('on');
    setError(null);
    setDismissed(false);
    try {
      const outcome = await turnOnPush();
      if (outcome === 'dismissed') setDismissed(true);
      setStatus(outcome === 'on' ? 'on' : outcome === 'blocked' ? 'blocked' : 'off');
      return outcome === 'on';
    } catch (cause) {
      failed(cause);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const turnOff = async (): Promise<boolean> => {
    setBusy('off');
    setError(null);
    try {
      await turnOffPush();
      setStatus('off');
      return true;
    } catch (cause) {
      failed(cause);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return { status, online, busy, dismissed, error, turnOn, turnOff };
}
