import { useId, type SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  lang?: string;
}

/** A native select (accessible and light); the label may be visually hidden. */
export function Select({
  label,
  options,
  hideLabel = false,
  className,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: string; options: readonly SelectOption[]; hideLabel?: boolean }) {
  const id = useId();
  return (
    <div className={`select ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <select id={id} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
