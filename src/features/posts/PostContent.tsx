import { useMemo } from 'react';
import { sanitizePostHtml } from './sanitizePostHtml';

/**
 * A post's HTML, passed through the client allow-list before it touches the page. It takes
 * the direction of its text (lists, quotes), and each paragraph its own (posts.css).
 */
export function PostContent({ html }: { html: string }) {
  const clean = useMemo(() => sanitizePostHtml(html), [html]);
  return <div className="post-content" dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />;
}
