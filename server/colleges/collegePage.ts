import type { College } from '../../contract/college';
import { textDirection } from '../../contract/direction';
import { embeddedCollegeId, ogLocale } from '../../contract/pageMeta';
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
 * JSON inside `<script type="application/json">`: `<` is escaped, so no value can close
 * the element (`</script>`) or open a comment; the JSON means the same.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface PageExtras {
  /** The college's public record, so the app starts without asking for it. */
  record: College;
  /** `<link rel="modulepreload">` tags for the first screen (server/http/preloads.ts). */
  preloads: string;
}

/**
 * The built index.html with the college of the request's host in it (the original app's metadata):
 * title, description, Open Graph tags, theme colour, manifest and touch icon, language and
 * direction. Link previews and the first paint then show the college before any script
 * runs; the client sets the same tags again (src/tenant/pageMeta.ts, branding.ts). With
 * `extras`, the college's record goes in as data (`type="application/json"`: never run, so
 * the CSP's no-inline-scripts holds) and the first screen's code is preloaded.
 */
export function renderCollegePage(template: string, college: CollegeRow, address: PageAddress, extras?: PageExtras): string {
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
    html = replaceTag(html, new RegExp(`<meta\\s+${attribute}="${key}"[^>]*>`, 'i'), `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`);
  }
  // The manifest is served per host (server/colleges/collegeRoutes.ts); the touch icon as branding.ts sets it.
  html = replaceTag(html, /<link\s+rel="manifest"[^>]*>/i, '<link rel="manifest" href="/manifest.webmanifest" />');
  html = replaceTag(
    html,
    /<link\s+rel="apple-touch-icon"[^>]*>/i,
    `<link rel="apple-touch-icon" href="/colleges/${escapeHtml(encodeURIComponent(college.slug))}/apple-touch-icon.png" />`,
  );
  if (!extras) return html;
  const data = `<script type="application/json" id="${embeddedCollegeId}">${jsonForScriptElement(extras.record)}</script>`;
  const head = [extras.preloads, data].filter((part) => part !== '').join('\n    ');
  return html.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
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
