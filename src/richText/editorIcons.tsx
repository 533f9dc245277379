import type { ReactNode, SVGProps } from 'react';

/** The rich-text toolbar's icons (decorative: each button carries its own label). */
function Glyph({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="icon"
      {...props}
    >
      {children}
    </svg>
  );
}

type P = SVGProps<SVGSVGElement>;

export const BoldIcon = (p: P) => (
  <Glyph {...p}>
    <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />
  </Glyph>
);
export const ItalicIcon = (p: P) => (
  <Glyph {...p}>
    <path d="M14 5h-4M14 19h-4M14 5l-4 14" />
  </Glyph>
);
export const BulletListIcon = (p: P) => (
  <Glyph {...p}>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4.5" cy="6" r="1" fill="currentColor" />
    <circle cx="4.5" cy="12" r="1" fill="currentColor" />
    <circle cx="4.5" cy="18" r="1" fill="currentColor" />
  </Glyph>
);
export const NumberListIcon = (p: P) => (
  <Glyph {...p}>
    <path d="M10 6h10M10 12h10M10 18h10M4 4.5h1.5V9M3.5 9h3.5M3.5 14.5a1.5 1.5 0 0 1 3 .5L3.5 19.5h3.5" />
  </Glyph>
);
export const LinkIcon = (p: P) => (
  <Glyph {...p}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Glyph>
);
