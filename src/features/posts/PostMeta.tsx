import { Plural, useLingui } from '@lingui/react/macro';
import type { LocalPost } from '../../db/database';
import { formatShortDate } from '../../i18n/formatDate';
import { EyeIcon } from '../../ui/icons';

/** Category · author · date · views, as on cards and the detail. */
export function PostMeta({ post, categoryName }: { post: LocalPost; categoryName: string | undefined }) {
  const { i18n } = useLingui();
  const views = post.views;
  return (
    <p className="post-meta">
      {categoryName ? <span className="post-category">{categoryName}</span> : null}
      <span>{post.author_name}</span>
      <time dateTime={post.published_at}>{formatShortDate(post.published_at, i18n.locale)}</time>
      <span className="post-views">
        <EyeIcon width={16} height={16} />
        <Plural value={views} one="# view" other="# views" />
      </span>
    </p>
  );
}
