import type { ReactNode } from 'react';

/**
 * A calendar view kept built while another is shown (calendar.css): `ahead` stays laid out
 * out of sight (a view about to be shown: showing it changes visibility only), `away` has
 * its rendering skipped (a long view left for now). Either is out of the accessibility tree.
 */
export function OutOfSight({ shown, as, children }: { shown: boolean; as: 'ahead' | 'away'; children: ReactNode }) {
  return (
    <div className={shown ? undefined : `calendar-${as}`} aria-hidden={shown ? undefined : true}>
      {children}
    </div>
  );
}
