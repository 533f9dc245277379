import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';
import { isAllowedHref } from '../../contract/richText';

export interface LinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (href: string) => void;
}

/** Asks for a link's address; only http(s) and mailto addresses are accepted. */
export function LinkDialog({ open, onOpenChange, onInsert }: LinkDialogProps) {
  const { t } = useLingui();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    const typed = value.trim();
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`;
    const href = typed && isAllowedHref(withScheme) ? withScheme : null;
    if (!href) {
      setError(t`Enter a web address (https://…) or an email address (mailto:…).`);
      return;
    }
    setValue('');
    setError(undefined);
    onInsert(href);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Insert a link`}>
      <form className="dialog-body" noValidate onSubmit={submit}>
        <TextField
          label={t`Link address`}
          name="href"
          type="url"
          inputMode="url"
          valueDir="ltr"
          placeholder="https://"
          hint={t`An address starting with https://, http:// or mailto:`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
          autoFocus
        />
        <div className="dialog-actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">
            <Trans>Insert link</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
