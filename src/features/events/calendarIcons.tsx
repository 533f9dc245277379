import type { SVGProps } from 'react';

/** The calendar's own icons, drawn like src/ui/icons.tsx (decorative; labelled by their buttons). */
const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** Points to the previous month: left in a left-to-right page, right in Arabic. */
export const ChevronBackIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base} className="icon icon-flip-rtl" {...p}>
    <path d="m15 18-6-6 6-6" />
  </svg>
);

export const ChevronForwardIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base} className="icon icon-flip-rtl" {...p}>
    <path d="m9 18 6-6-6-6" />
  </svg>
);

export const ClockIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base} className="icon" {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);

export const RepeatIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base} className="icon" {...p}>
    <path d="m17 2 4 4-4 4M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4M21 13v2a3 3 0 0 1-3 3H3" />
  </svg>
);

export const PeopleIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base} className="icon" {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
  </svg>
);
