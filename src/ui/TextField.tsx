import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldError } from './FieldError';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'dir'> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Something inside the input's end edge (the password visibility button). */
  endAdornment?: ReactNode;
  /**
   * The direction of the value, whatever the interface's: `ltr` for values always written
   * left to right (addresses, RUTs, phones, numbers, links), which then keep their order
   * in Arabic; `auto` for what people write (names, titles), which follows its own script
   * once there is some and the interface while the field is empty.
   */
  valueDir?: 'ltr' | 'auto';
  /** The input (to focus the first field in error). */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is announced: aria-invalid + aria-describedby. */
export function TextField({ label, name, error, hint, endAdornment, valueDir, className, ...props }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  // An empty `dir="auto"` input is ltr in Chromium: it would put an Arabic caret on the left.
  const dir = valueDir === 'ltr' ? 'ltr' : valueDir === 'auto' && props.value ? 'auto' : undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={`field-control ${endAdornment ? 'has-adornment' : ''}`}>
        <input id={id} name={name} className="input" dir={dir} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
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
