import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatShortDate } from '../../i18n/formatDate';
import { EyeIcon } from '../../ui/icons';
import type { LocalPost } from './postsDb';
import { authorName } from '../../i18n/authorName';

/**
 * Whether the post is scheduled: dated in the future. The server delivers such a post only
 * to its author until then, so only the author (and this device, for a post written here)
 * sees it early.
 */
export function isScheduled(post: Pick<LocalPost, 'published_at'>, now = Date.now()): boolean {
  const at = Date.parse(post.published_at);
  return Number.isFinite(at) && at > now;
}

/** Category · author · date (or "Scheduled for …") · views, as on cards and the detail. */
export function PostMeta({ post, categoryName }: { post: LocalPost; categoryName: string | undefined }) {
  const { t, i18n } = useLingui();
  const views = post.views;
  const scheduled = isScheduled(post);
  const date = formatShortDate(post.published_at, i18n.locale, scheduled);
  return (
    <p className="post-meta">
      {categoryName ? (
        <span className="post-category" dir="auto" title={categoryName}>
          {categoryName}
        </span>
      ) : null}
      <bdi title={authorName(i18n, post.author_name)}>{authorName(i18n, post.author_name)}</bdi>
      {scheduled ? (
        <span className="post-scheduled">
          <Trans>
            Scheduled for <time dateTime={post.published_at}>{date}</time>
          </Trans>
        </span>
      ) : (
        <time dateTime={post.published_at}>{date}</time>
      )}
      <span className="post-views" title={t`Members who opened it, each counted once`}>
        <EyeIcon width={16} height={16} />
        <Plural value={views} one="# view" other="# views" />
      </span>
    </p>
  );
}
