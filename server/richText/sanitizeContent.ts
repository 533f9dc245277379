import sanitizeHtml from 'sanitize-html';

/**
 * The rich-text HTML allow-list (posts, event descriptions). Everything else is dropped: scripts, styles, event handlers,
 * images, iframes, `javascript:` links. Links keep http(s)/mailto targets only and get
 * `rel="noopener noreferrer"`. Devices render the stored HTML as is, so this is the one
 * place that makes it safe.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'code', 'pre'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside dropped containers like <script>/<style> is dropped with them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
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
