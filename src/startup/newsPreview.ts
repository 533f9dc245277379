import { readLocal, removeLocal, writeLocal } from '../storage/localValue';

/**
 * What the first screen of the News list (`/blog/all`, page 1, no search) last showed, kept
 * so `public/boot.js` can paint it before the app's code runs (docs/features/posts.md, "The first news screen").
 * Data only, never markup: boot.js builds its elements with `createElement` and
 * `textContent`, so nothing stored here can run. It holds the user's id (boot.js shows it
 * only to the same signed-in user) and is removed at every sign-out (src/session/session.ts).
 * Keep the shape in step with public/boot.js.
 */
export const newsPreviewKey = 'newsPreview';
export const newsPreviewVersion = 2;

/** One SVG child of an icon: its tag and its geometry (no other attribute is kept). */
export type IconShape = [tag: string, attributes: Record<string, string>];

export interface NewsPreviewLink {
  label: string;
  href: string;
  active: boolean;
}

export interface NewsPreviewCard {
  title: string;
  href: string;
  excerpt: string;
  category: string;
  author: string;
  date: string;
  views: string;
}

/** A button of the app bar: its class and what it shows, in order (icons and texts). */
export interface NewsPreviewAction {
  cls: string;
  parts: ({ icon: IconShape[]; cls: string } | { text: string; cls: string })[];
}

export interface NewsPreview {
  v: typeof newsPreviewVersion;
  user: string;
  path: string;
  lang: string;
  dir: string;
  college: { name: string; short: string; logo: string };
  /** The college's colours (src/tenant/branding.ts sets them on <html>). */
  brand: Record<string, string>;
  actions: NewsPreviewAction[];
  /** Every entry of the navigation, as the side bar lists them (the tab bar shows the first four). */
  nav: (NewsPreviewLink & { icon: IconShape[] })[];
  /** The tab bar's "More", when it has one. */
  more: { label: string; icon: IconShape[] } | null;
  heading: string;
  action: { label: string; href: string } | null;
  tabs: NewsPreviewLink[];
  search: string;
  count: string;
  eye: IconShape[];
  cards: NewsPreviewCard[];
}

export const previewCardCount = 8;
const previewTabCount = 8;
const iconTags = new Set(['path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse']);
const iconAttributes = ['d', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'width', 'height', 'points'];

const text = (element: Element | null | undefined): string => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A link inside the app only (`/…`, never `//host` or a scheme). */
function appHref(element: Element | null | undefined): string {
  const href = element?.getAttribute('href') ?? '';
  return /^\/(?!\/)[\w\-/.%]*$/.test(href) ? href : '';
}

/** A logo from this origin or an image data URL (the CSP allows nothing else anyway). */
function logoSrc(element: Element | null): string {
  const src = element?.getAttribute('src') ?? '';
  if (src.length > 20_000) return '';
  return /^\/(?!\/)/.test(src) || src.startsWith('data:image/') ? src : '';
}

const classOf = (element: Element): string => {
  const value = element.getAttribute('class') ?? '';
  return /^[\w\s-]*$/.test(value) ? value : '';
};

/** The custom properties set on <html> (the college's colours), plain values only. */
function brandOf(doc: Document): Record<string, string> {
  const style = doc.documentElement.style;
  const brand: Record<string, string> = {};
  for (let i = 0; i < style.length; i++) {
    const name = style.item(i);
    const value = style.getPropertyValue(name).trim();
    if (/^--[\w-]+$/.test(name) && /^[#\w\s(),.%+-]*$/.test(value) && !/url/i.test(value)) brand[name] = value;
  }
  return brand;
}

/** The app bar's buttons (language and theme, sign out), without the sync chips. */
function actionsOf(shell: Element): NewsPreviewAction[] {
  return [...shell.querySelectorAll('.topbar-actions button')]
    .filter((button) => !button.closest('.sync-status'))
    .map((button) => ({
      cls: classOf(button),
      parts: [...button.children].flatMap((child): NewsPreviewAction['parts'] => {
        if (child.tagName.toLowerCase() === 'svg') return [{ icon: iconOf(child), cls: classOf(child) }];
        const label = text(child);
        return label ? [{ text: label, cls: classOf(child) }] : [];
      }),
    }));
}

function moreOf(button: Element | null): NewsPreview['more'] {
  return button ? { label: text(button.querySelector('.nav-label')), icon: iconOf(button) } : null;
}

function iconOf(element: Element | null): IconShape[] {
  const svg = element?.tagName.toLowerCase() === 'svg' ? element : element?.querySelector('svg');
  if (!svg) return [];
  return [...svg.children].flatMap((child): IconShape[] => {
    const tag = child.tagName.toLowerCase();
    if (!iconTags.has(tag)) return [];
    const attributes: Record<string, string> = {};
    for (const name of iconAttributes) {
      const value = child.getAttribute(name);
      if (value !== null) attributes[name] = value;
    }
    return [[tag, attributes]];
  });
}

/**
 * Reads the News list as it is on screen (the app shell around it included). Null when
 * the screen has no post card, so an empty or loading list is never kept.
 */
export function readNewsPreview(doc: Document, user: string, path: string): NewsPreview | null {
  const shell = doc.querySelector('.app-shell');
  const page = shell?.querySelector('.posts-page');
  if (!shell || !page) return null;
  const cards = [...page.querySelectorAll('.post-list > li .post-card')].slice(0, previewCardCount).map((card) => ({
    title: text(card.querySelector('.post-card-link')),
    href: appHref(card.querySelector('.post-card-link')),
    excerpt: text(card.querySelector('.post-card-excerpt')),
    category: text(card.querySelector('.post-category')),
    author: text(card.querySelector('.post-meta bdi')),
    date: text(card.querySelector('.post-meta time')),
    views: text(card.querySelector('.post-views')),
  }));
  if (cards.length === 0) return null;
  const action = page.querySelector('.posts-header a');
  return {
    v: newsPreviewVersion,
    user,
    path,
    lang: doc.documentElement.lang,
    dir: doc.documentElement.dir || 'ltr',
    college: {
      name: text(shell.querySelector('.brand-name-long')),
      short: text(shell.querySelector('.brand-name-short')),
      logo: logoSrc(shell.querySelector('.brand-logo')),
    },
    brand: brandOf(doc),
    actions: actionsOf(shell),
    nav: [...shell.querySelectorAll('.sidebar-nav .sidebar-link')].map((link) => ({
      // The label only: the unsent-changes count may be gone by the next start.
      label: text(link.querySelector('.nav-label')),
      href: appHref(link),
      active: link.classList.contains('active'),
      icon: iconOf(link),
    })),
    more: moreOf(shell.querySelector('.tabbar-more-button')),
    heading: text(page.querySelector('.posts-header h1')),
    action: action ? { label: text(action), href: appHref(action) } : null,
    tabs: [...page.querySelectorAll('.category-tab')].slice(0, previewTabCount).map((tab) => ({
      label: text(tab),
      href: appHref(tab),
      active: tab.classList.contains('active'),
    })),
    search: page.querySelector('.post-search input')?.getAttribute('placeholder') ?? '',
    count: text(page.querySelector('.posts-count')),
    eye: iconOf(page.querySelector('.post-views')),
    cards,
  };
}

/** Keeps the preview; writes only when it changed (a re-read list usually did not). */
export function saveNewsPreview(preview: NewsPreview | null): boolean {
  if (!preview) return false;
  const value = JSON.stringify(preview);
  if (readLocal(newsPreviewKey) === value) return false;
  writeLocal(newsPreviewKey, value);
  return true;
}

export function clearNewsPreview(): void {
  removeLocal(newsPreviewKey);
}
