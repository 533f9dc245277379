import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import { TextField, type TextFieldProps } from './TextField';

/** A password input with a show/hide button inside its end edge. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endAdornment'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className="field-adornment"
          aria-label={visible ? t`Hide password` : t`Show password`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
