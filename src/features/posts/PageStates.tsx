import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

/** While the first sync or the first local read is still under way. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="posts-state" aria-busy="true">
      <Spinner label={label} />
      <p className="muted">{label}</p>
    </div>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="posts-state">
      <p className="posts-state-text">{children}</p>
      {action}
    </div>
  );
}

/**
 * A screen with nothing to show but the way back to the news. What it says is the page's
 * heading: a screen without an h1 leaves screen reader users without a title to find.
 */
export function BackToNews({ children, linkLabel }: { children: ReactNode; linkLabel?: ReactNode }) {
  return (
    <div className="page">
      <div className="posts-state">
        <h1 className="posts-state-text">{children}</h1>
        <Link className={buttonClass('secondary')} to="/blog/all">
          {linkLabel ?? <Trans>Back to news</Trans>}
        </Link>
      </div>
    </div>
  );
}

/** A student or guardian who opens a publisher's screen. */
export function NotAllowed() {
  return (
    <BackToNews>
      <Trans>You are not allowed to publish or edit news.</Trans>
    </BackToNews>
  );
}

export function PostGone() {
  return (
    <BackToNews>
      <Trans>This publication no longer exists.</Trans>
    </BackToNews>
  );
}
