/**
 * The client's allow-list for post HTML, the same tags as the server's
 * (server/richText/sanitizeContent.ts). The server sanitises what it stores, but a post written
 * on this device and not sent yet never went through it, so the detail screen passes every
 * post through here before rendering. It also normalises what the editor produces
 * (`<b>`→`<strong>`, `<i>`→`<em>`, `<div>`→`<p>`) so the server keeps the formatting.
 */
const allowedTags = new Set(['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'code', 'pre']);
const renamedTags: Record<string, string> = { b: 'strong', i: 'em', strike: 's', div: 'p' };
/** Dropped with everything inside them. */
const droppedTags = new Set([
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
]);
const allowedSchemes = new Set(['http:', 'https:', 'mailto:']);

/** An absolute http(s) or mailto address, or null (javascript:, data:, relative…). */
export function safeHref(href: string | null): string | null {
  if (!href) return null;
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  const cleaned = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  try {
    const url = new URL(cleaned);
    return allowedSchemes.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === 3) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
    } else if (child.nodeType === 1) {
      copyElement(child as Element, to, doc);
    }
    // Comments, processing instructions and the rest are dropped.
  }
}

function copyElement(element: Element, to: Node, doc: Document): void {
  const name = element.tagName.toLowerCase();
  if (droppedTags.has(name)) return;
  const tag = renamedTags[name] ?? name;
  if (!allowedTags.has(tag)) {
    // Unknown wrappers (span, font, img…) go; their text stays.
    copyChildren(element, to, doc);
    return;
  }
  const clean = doc.createElement(tag);
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (href) clean.setAttribute('href', href);
    clean.setAttribute('rel', 'noopener noreferrer');
  }
  copyChildren(element, clean, doc);
  to.appendChild(clean);
}

export function sanitizeRichText(html: string): string {
  // DOMParser's document is inert: nothing in it runs or loads.
  const source = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  copyChildren(source.body, container, out);
  return container.innerHTML.trim();
}
