/**
 * The rich-text allow-list (posts, event descriptions): one list for both sanitisers, the
 * server's before it stores (server/richText/sanitizeContent.ts, sanitize-html) and the
 * device's before it renders or saves (src/richText/sanitizeRichText.ts, DOMPurify), so a
 * post looks the same whether it was sent yet or not.
 *
 * - A tag not listed is dropped and its text kept (`<span>`, `<font>`, `<img>`…), except the
 *   ones in `richTextDroppedWhole`, which go with everything inside them.
 * - `<b>`, `<i>`, `<strike>` and `<div>` (what browsers and other editors write) become the
 *   listed tag they mean, so pasted formatting survives.
 * - An attribute not listed for its tag is dropped (event handlers, `style`, `class`,
 *   `target`…). A link keeps its `href` only when `isAllowedHref` accepts it, and its `rel` is
 *   always `richTextLinkRel`, whatever was written.
 */
export const richTextTags = ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'code', 'pre'] as const;

export type RichTextTag = (typeof richTextTags)[number];

/** The attributes each tag keeps; a tag not named here keeps none. */
export const richTextAttributes: Readonly<Partial<Record<RichTextTag, readonly string[]>>> = { a: ['href', 'rel'] };

export const richTextLinkRel = 'noopener noreferrer';

/** Tags turned into the allowed tag they mean (their attributes are then those of the new tag). */
export const richTextRenamedTags: Readonly<Record<string, RichTextTag>> = { b: 'strong', i: 'em', strike: 's', div: 'p' };

/** Dropped with everything inside them: their text is code, styles or form values, not prose. */
export const richTextDroppedWhole = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'template',
  'head',
  'title',
] as const;

/** The schemes a link may use (without the colon). */
export const richTextSchemes = ['http', 'https', 'mailto'] as const;

/**
 * Whether a link's address is an absolute http(s) or mailto address (not `javascript:`,
 * `data:`, relative or protocol-relative). The address is kept as written; only the check
 * reads it without the control characters and spaces browsers ignore inside a scheme
 * ("java\tscript:").
 */
export function isAllowedHref(href: string | null | undefined): boolean {
  if (!href) return false;
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  const cleaned = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  let scheme: string;
  try {
    scheme = new URL(cleaned).protocol.slice(0, -1);
  } catch {
    return false;
  }
  return (richTextSchemes as readonly string[]).includes(scheme);
}
