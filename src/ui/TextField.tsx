import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError } from './FieldError';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Something inside the input's end edge (the password visibility button). */
  endAdornment?: ReactNode;
}

/** A labelled input whose error is announced: aria-invalid + aria-describedby. */
export function TextField({ label, name, error, hint, endAdornment, className, ...props }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={`field-control ${endAdornment ? 'has-adornment' : ''}`}>
        <input
          id={id}
          name={name}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...props}
        />
        {endAdornment}
      </div>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
