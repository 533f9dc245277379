import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from './Button';
import { Spinner } from './Spinner';

/** While the first sync or the first local read is still under way. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="screen-state" aria-busy="true">
      <Spinner label={label} />
      <p className="muted">{label}</p>
    </div>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="screen-state">
      <p className="screen-state-text">{children}</p>
      {action}
    </div>
  );
}

/**
 * A screen with nothing to show but a way back (to the news, to the calendar). What it
 * says is the page's heading: a screen without an h1 leaves screen reader users without a
 * title to find.
 */
export function BackTo({ to, linkLabel, children }: { to: string; linkLabel: ReactNode; children: ReactNode }) {
  return (
    <div className="page">
      <div className="screen-state">
        <h1 className="screen-state-text">{children}</h1>
        <Link className={buttonClass('secondary')} to={to}>
          {linkLabel}
        </Link>
      </div>
    </div>
  );
}
