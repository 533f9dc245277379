import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../ui/Button';
import { showToast } from '../ui/toastStore';

/**
 * Ten recovery codes, shown once: each signs in once when the passkey or the app is not at
 * hand. Copied or downloaded as a text file; the server keeps only their hashes.
 */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: readonly string[]; onDone: () => void; doneLabel?: string }) {
  const { t } = useLingui();
  const text = `${codes.join('\n')}\n`;
  const copy = () => {
    const copied = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    copied.then(
      () => showToast(t`Recovery codes copied`),
      () => showToast(t`The codes could not be copied. Select them and copy them yourself.`, 'error'),
    );
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'patio-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="recovery-codes" role="region" aria-label={t`Your recovery codes`}>
      <p>
        <Trans>Keep these codes somewhere safe. Each one signs you in once if you lose your passkey or phone. They are shown only now.</Trans>
      </p>
      <ol className="recovery-code-list" dir="ltr">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <Button variant="secondary" onClick={copy}>
          <Trans>Copy</Trans>
        </Button>
        <Button variant="secondary" onClick={download}>
          <Trans>Download</Trans>
        </Button>
        <Button onClick={onDone}>{doneLabel ?? t`I have saved them`}</Button>
      </div>
    </div>
  );
}
