import { useMemo } from 'react';
import './richText.css';
import { sanitizeRichText } from './sanitizeRichText';

/**
 * HTML someone wrote (a post, an event's description), passed through the client
 * allow-list before it touches the page. It takes the direction of its text (lists,
 * quotes), and each paragraph its own (richText.css).
 */
export function RichTextContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />;
}
