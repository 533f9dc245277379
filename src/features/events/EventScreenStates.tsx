import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BackTo } from '../../ui/ScreenStates';

/** A writing screen with nothing to show but the way back to the calendar. */
function BackToCalendar({ children }: { children: ReactNode }) {
  return (
    <BackTo to="/events" linkLabel={<Trans>Back to the calendar</Trans>}>
      {children}
    </BackTo>
  );
}

/** A student or guardian who opens the event form. */
export function EventsNotAllowed() {
  return (
    <BackToCalendar>
      <Trans>You are not allowed to create or edit events.</Trans>
    </BackToCalendar>
  );
}

/** An event that is not (or no longer) on this device. */
export function EventGone() {
  return (
    <BackToCalendar>
      <Trans>This event no longer exists.</Trans>
    </BackToCalendar>
  );
}
