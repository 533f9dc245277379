import { RichTextContent } from '../../richText/RichTextContent';

/** A post's HTML (src/richText): the allow-list, its text's direction, each paragraph its own. */
export function PostContent({ html }: { html: string }) {
  return <RichTextContent html={html} className="post-content" />;
}
