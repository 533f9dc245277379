import { useLingui } from '@lingui/react';
import { translateServerMessage } from '../i18n/serverMessages';
import { AlertIcon } from './icons';

/** A field's error: contract (English) texts are translated by lookup. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      <AlertIcon width={16} height={16} />
      <span>{translateServerMessage(i18n, message)}</span>
    </p>
  );
}
