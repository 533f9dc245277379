import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** A square 44px button whose only content is an icon; the label is its accessible name. */
export function IconButton({ label, children, className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; children: ReactNode }) {
  return (
    <button type="button" className={`icon-button ${className ?? ''}`} aria-label={label} title={label} {...props}>
      {children}
    </button>
  );
}
