import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner and disables the button (a form being sent). */
  busy?: boolean;
  block?: boolean;
}

export function Button({ variant = 'primary', busy = false, block = false, className, children, disabled, type = 'button', ...props }: ButtonProps) {
  const classes = ['button', `button-${variant}`, block ? 'button-block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...props}>
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}

/** Link-styled-as-button classes, for router links that look like buttons. */
export function buttonClass(variant: Variant = 'primary', block = false): string {
  return ['button', `button-${variant}`, block ? 'button-block' : ''].filter(Boolean).join(' ');
}
