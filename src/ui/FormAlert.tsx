import { useLingui } from '@lingui/react';
import { translateServerMessage } from '../i18n/serverMessages';
import { AlertIcon, CheckCircleIcon } from './icons';

/** A form-level message (not tied to one field): wrong credentials, throttling, offline. */
export function FormAlert({ message, tone = 'error' }: { message: string | null | undefined; tone?: 'error' | 'success' }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <div className={`form-alert form-alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {tone === 'error' ? <AlertIcon /> : <CheckCircleIcon />}
      <span>{translateServerMessage(i18n, message)}</span>
    </div>
  );
}
