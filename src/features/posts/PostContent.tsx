import { useMemo } from 'react';
import { sanitizePostHtml } from './sanitizePostHtml';

/** A post's HTML, passed through the client allow-list before it touches the page. */
export function PostContent({ html }: { html: string }) {
  const clean = useMemo(() => sanitizePostHtml(html), [html]);
  return <div className="post-content" dangerouslySetInnerHTML={{ __html: clean }} />;
}
