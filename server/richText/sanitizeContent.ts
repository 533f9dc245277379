import sanitizeHtml from 'sanitize-html';
import {
  isAllowedHref,
  richTextAttributes,
  richTextDroppedWhole,
  richTextLinkRel,
  richTextRenamedTags,
  richTextSchemes,
  richTextTags,
} from '../../contract/richText';

/**
 * The rich-text allow-list of contract/richText.ts (posts, event descriptions), applied to
 * what the server stores. Devices sanitise again before they render
 * (src/richText/sanitizeRichText.ts), with the same list, for what they have not sent yet.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...richTextTags],
  allowedAttributes: Object.fromEntries(Object.entries(richTextAttributes).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...richTextSchemes],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // sanitize-html skips what is inside these whole, nested tags included.
  nonTextTags: [...richTextDroppedWhole],
  transformTags: {
    ...Object.fromEntries(Object.entries(richTextRenamedTags).map(([from, to]) => [from, sanitizeHtml.simpleTransform(to, {})])),
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(isAllowedHref(attribs.href) ? { href: attribs.href! } : {}), rel: richTextLinkRel },
    }),
  },
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Whether sanitised HTML still says something (the original app's rule: "content required"). */
export function hasText(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Sanitised HTML as plain text (an email's text part, a push's body): paragraphs and list
 * items on their own lines, a link's address after its text when they differ.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, (_m, href: string, text: string) => {
      const inner = text.replace(/<[^>]*>/g, '');
      return inner.trim() === href.trim() ? inner : `${inner} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h2|h3|blockquote|pre|ul|ol)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(parseInt(name.slice(1), 10));
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
