import type { Attributes, Editor, Extensions } from '@tiptap/core';
import { Link } from '@tiptap/extension-link';
import { StarterKit } from '@tiptap/starter-kit';
import { isAllowedHref, richTextLinkRel } from '../../contract/richText';

/** A link holds its address only: `rel` is always the server's, and `target`, `class` or `title` are not kept. */
const AddressOnlyLink = Link.extend({
  addAttributes() {
    const inherited: Attributes = this.parent?.() ?? {};
    return { href: inherited.href ?? { default: null } };
  },
});

/**
 * What the editor may hold: StarterKit trimmed to the allow-list of contract/richText.ts
 * (no `<hr>`, headings `h2` and `h3` only), links checked by the contract. Without the
 * trailing paragraph StarterKit adds after a list or a quote, so a post opened and saved
 * keeps its blocks.
 */
export const editorExtensions: Extensions = [
  StarterKit.configure({ heading: { levels: [2, 3] }, horizontalRule: false, trailingNode: false, link: false }),
  AddressOnlyLink.configure({
    openOnClick: false,
    defaultProtocol: 'https',
    isAllowedUri: (url) => isAllowedHref(url),
    HTMLAttributes: { rel: richTextLinkRel, target: null, class: null },
  }),
];

/**
 * The editor's HTML in the shape posts have always had: ProseMirror keeps a list item's or a
 * quote's text in a paragraph (`<li><p>a</p></li>`); a lone one is unwrapped (`<li>a</li>`),
 * which the editor reads back as the same document.
 */
export function editorHtml(editor: Editor): string {
  const template = document.createElement('template');
  template.innerHTML = editor.getHTML();
  for (const holder of template.content.querySelectorAll('li, blockquote')) {
    const paragraphs = [...holder.children].filter((child) => child.localName === 'p');
    const lone = paragraphs.length === 1 && holder.firstElementChild === paragraphs[0] ? paragraphs[0] : undefined;
    if (lone) lone.replaceWith(...lone.childNodes);
  }
  return template.innerHTML;
}
