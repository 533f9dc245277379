import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BackTo } from '../../ui/ScreenStates';

export { EmptyState, LoadingState } from '../../ui/ScreenStates';

/** A screen with nothing to show but the way back to the news (src/ui/ScreenStates.tsx). */
export function BackToNews({ children, linkLabel }: { children: ReactNode; linkLabel?: ReactNode }) {
  return (
    <BackTo to="/blog/all" linkLabel={linkLabel ?? <Trans>Back to news</Trans>}>
      {children}
    </BackTo>
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
