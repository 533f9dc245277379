import DOMPurify, { type Config } from 'dompurify';
import {
  isAllowedHref,
  richTextAttributes,
  richTextDroppedWhole,
  richTextLinkRel,
  richTextRenamedTags,
  richTextTags,
  type RichTextTag,
} from '../../contract/richText';

/**
 * The device's sanitiser of post and event HTML: DOMPurify with the allow-list of
 * contract/richText.ts, the one the server applies (server/richText/sanitizeContent.ts). The
 * server sanitises what it stores, but a post written on this device and not sent yet never
 * went through it, so the screens pass every post through here before rendering, and the
 * forms before saving.
 *
 * DOMPurify needs a DOM: this runs in the page. No worker imports it (the sync worker keeps
 * posts as they came); in a context without a DOM it throws rather than pass HTML through.
 */
const purify = DOMPurify(typeof window === 'undefined' ? undefined : window);

const renamed = new Map(Object.entries(richTextRenamedTags));
const attributesOf = (tag: string): readonly string[] => richTextAttributes[(renamed.get(tag) ?? tag) as RichTextTag] ?? [];

// The allow-list's attributes are per tag; DOMPurify's are for every tag.
purify.addHook('uponSanitizeAttribute', (node, data) => {
  if (!attributesOf(node.nodeName.toLowerCase()).includes(data.attrName)) {
    data.keepAttr = false;
  } else if (data.attrName === 'href') {
    // The contract's check decides, not DOMPurify's own URI pattern.
    if (isAllowedHref(data.attrValue)) data.forceKeepAttr = true;
    else data.keepAttr = false;
  }
});
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') node.setAttribute('rel', richTextLinkRel);
});

const config: Config & { RETURN_DOM: true } = {
  ALLOWED_TAGS: [...richTextTags, ...renamed.keys()],
  ALLOWED_ATTR: [...new Set(Object.values(richTextAttributes).flat())],
  FORBID_CONTENTS: [...richTextDroppedWhole],
  KEEP_CONTENT: true,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM: true,
};

export function sanitizeRichText(html: string): string {
  if (!purify.isSupported) throw new Error('sanitizeRichText needs a DOM (it runs in the page, not in a worker)');
  const body = purify.sanitize(html, config);
  // `<b>` → `<strong>`…: DOMPurify keeps or drops tags; renaming is ours.
  for (const element of body.querySelectorAll([...renamed.keys()].join(','))) {
    const tag = renamed.get(element.localName)!;
    const replacement = element.ownerDocument.createElement(tag);
    replacement.append(...element.childNodes);
    element.replaceWith(replacement);
  }
  // White space at either end goes, as the server's `trim()` takes it (a no-break space too).
  if (body.firstChild instanceof Text) body.firstChild.data = body.firstChild.data.trimStart();
  if (body.lastChild instanceof Text) body.lastChild.data = body.lastChild.data.trimEnd();
  return body.innerHTML;
}
