import { textDirection } from '../../contract/direction';
import { ogLocale } from '../../contract/pageMeta';
import type { CollegeRow } from '../tenancy/collegeDirectory';
import { collegeDescription } from './manifest';

/** Text for an HTML attribute or element: nothing a college name holds can open a tag. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface PageAddress {
  /** `https://british.example` (the request's protocol and Host). */
  origin: string;
  /** The path asked for, without the query. */
  path: string;
}

/**
 * The built index.html with the college of the request's host in it (spec §1 metadata):
 * title, description, Open Graph tags, theme colour, manifest and touch icon, language and
 * direction. Link previews and the first paint then show the college before any script
 * runs; the client sets the same tags again (src/tenant/pageMeta.ts, branding.ts). Only
 * attributes and the title change: no script is added (CSP).
 */
export function renderCollegePage(template: string, college: CollegeRow, address: PageAddress): string {
  const description = collegeDescription(college);
  const language = college.language;
  let html = template.replace(/<html\b[^>]*>/i, `<html lang="${escapeHtml(language)}" dir="${textDirection(language)}">`);
  html = replaceTag(html, /<title>[^<]*<\/title>/i, `<title>${escapeHtml(college.name)}</title>`);
  const metas: [attribute: 'name' | 'property', key: string, content: string][] = [
    ['name', 'description', description],
    ['name', 'theme-color', college.themeColor],
    ['property', 'og:title', college.name],
    ['property', 'og:description', description],
    ['property', 'og:image', absoluteUrl(college.image, address.origin)],
    ['property', 'og:locale', ogLocale(language)],
    ['property', 'og:url', absoluteUrl(address.path, address.origin)],
  ];
  for (const [attribute, key, content] of metas) {
    html = replaceTag(
      html,
      new RegExp(`<meta\\s+${attribute}="${key}"[^>]*>`, 'i'),
      `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`,
    );
  }
  // The manifest is served per host (server/colleges/collegeRoutes.ts); the touch icon as branding.ts sets it.
  html = replaceTag(html, /<link\s+rel="manifest"[^>]*>/i, '<link rel="manifest" href="/manifest.webmanifest" />');
  return replaceTag(
    html,
    /<link\s+rel="apple-touch-icon"[^>]*>/i,
    `<link rel="apple-touch-icon" href="/colleges/${escapeHtml(encodeURIComponent(college.slug))}/apple-touch-icon.png" />`,
  );
}

/** Replaces the tag, or adds it at the end of `<head>` when the template has none. */
function replaceTag(html: string, tag: RegExp, replacement: string): string {
  if (tag.test(html)) return html.replace(tag, () => replacement);
  return html.replace(/<\/head>/i, () => `  ${replacement}\n  </head>`);
}

function absoluteUrl(pathOrUrl: string, origin: string): string {
  try {
    return new URL(pathOrUrl, origin).href;
  } catch {
    return pathOrUrl;
  }
}
