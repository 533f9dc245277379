/** The text of post HTML (tags gone, entities decoded), read by an inert DOMParser. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Block ends become spaces so "<p>a</p><p>b</p>" reads "a b", not "ab".
  doc.body.querySelectorAll('p, li, br, h2, h3, blockquote, pre, div').forEach((el) => el.append(' '));
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A card's excerpt: the first words of the text, cut at a word boundary. */
export function excerpt(html: string, maxLength = 180): string {
  const text = htmlToText(html);
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
