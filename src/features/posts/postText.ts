/** The text of post HTML (tags gone, entities decoded), read by an inert DOMParser. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  spaceBlockEnds(doc.body);
  return textOf(doc.body);
}

/** Block ends become spaces so "<p>a</p><p>b</p>" reads "a b", not "ab". */
function spaceBlockEnds(root: ParentNode): void {
  root.querySelectorAll('p, li, br, h2, h3, blockquote, pre, div').forEach((el) => el.append(' '));
}

function textOf(node: Node): string {
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Recent excerpts by content and length. Parsing a post's HTML is the dearest part of a card;
 * a list re-read after a sync status change brings the same contents again as new rows, and
 * would parse them all again. Bounded: the oldest entries go first.
 */
const excerpts = new Map<string, string>();
const excerptCacheSize = 200;
const excerptKey = (html: string, maxLength: number) => `${maxLength}\u0000${html}`;

function remember(key: string, text: string): string {
  if (excerpts.size >= excerptCacheSize) excerpts.delete(excerpts.keys().next().value!);
  excerpts.set(key, text);
  return text;
}

/** A card's excerpt: the first words of the text, cut at a word boundary. */
export function excerpt(html: string, maxLength = 180): string {
  const key = excerptKey(html, maxLength);
  return excerpts.get(key) ?? remember(key, cutText(htmlToText(html), maxLength));
}

/**
 * Fills the excerpt cache for a list's posts with one parse instead of one per card (making
 * a document is most of a parse's cost). Each post's HTML goes in its own wrapper; when the
 * parse does not give back exactly one wrapper per post (HTML that would not nest), nothing
 * is cached and the cards parse one by one as before.
 */
export function primeExcerpts(htmls: readonly string[], maxLength = 180): void {
  const missing = [...new Set(htmls)].filter((html) => !excerpts.has(excerptKey(html, maxLength)));
  if (missing.length < 2) return;
  const doc = new DOMParser().parseFromString(missing.map((html) => `<section>${html}</section>`).join(''), 'text/html');
  const wrappers = doc.body.children;
  if (wrappers.length !== missing.length || [...wrappers].some((el) => el.tagName !== 'SECTION')) return;
  spaceBlockEnds(doc.body);
  missing.forEach((html, i) => remember(excerptKey(html, maxLength), cutText(textOf(wrappers[i]!), maxLength)));
}

function cutText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
