import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export function Checkbox({ label, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" {...props} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
