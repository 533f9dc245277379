import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { usePendingStates } from '../../sync/hooks';
import { EmptyState, LoadingState } from './PageStates';
import { PostCard } from './PostCard';
import { primeExcerpts } from './postText';
import { useCategories, useLatestPosts } from './usePostData';

const latestCount = 5;

/** The home screen's "Latest news": the five newest posts this user may see. */
export function LatestNews() {
  const { t } = useLingui();
  const latest = useLatestPosts(latestCount);
  const posts = latest?.posts;
  const categories = useCategories();
  const pendingStates = usePendingStates('posts');
  const names = new Map((categories ?? []).map((c) => [c.id, c.name]));
  if (posts) primeExcerpts(posts.map((post) => post.content));
  return (
    <section className="latest-news" aria-labelledby="latest-news-title">
      <div className="latest-news-head">
        <h2 id="latest-news-title" className="card-title">
          <Trans>Latest news</Trans>
        </h2>
        <Link to="/blog/all" className="latest-news-all">
          <Trans>See all news</Trans>
        </Link>
      </div>
      {posts === undefined || (posts.length === 0 && latest?.firstSyncPending) ? (
        <LoadingState label={t`Downloading the news…`} />
      ) : posts.length === 0 ? (
        <EmptyState>
          <Trans>No publications yet</Trans>
        </EmptyState>
      ) : (
        <ol className="post-list">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} categoryName={names.get(post.category_id)} syncState={pendingStates.get(post.id)} headingLevel={3} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
