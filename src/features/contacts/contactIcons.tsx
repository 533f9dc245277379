import type { SVGProps } from 'react';

/** The directory's icon (a card with a person): in the shell's first download, so tiny. */
export const ContactsIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    className="icon"
    {...props}
  >
    <rect x="4" y="2" width="16" height="20" rx="2" />
    <circle cx="12" cy="10" r="3" />
    <path d="M7 18a5 5 0 0 1 10 0M2 7h2M2 12h2M2 17h2" />
  </svg>
);
