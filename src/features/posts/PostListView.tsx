import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Category } from '../../../contract/posts';
import { buttonClass } from '../../ui/Button';
import type { ItemSyncState } from '../../ui/SyncStateBadge';
import { CategoryTabs } from './CategoryTabs';
import { EmptyState, LoadingState } from './PageStates';
import { Pagination } from '../../ui/Pagination';
import { PostCard } from './PostCard';
import type { PostPage } from './postQueries';
import { PostSearchBox } from './PostSearchBox';
import { primeExcerpts } from './postText';

export interface PostListViewProps {
  categories: readonly Category[];
  category: Category | null;
  result: PostPage | undefined;
  page: number;
  pages: number;
  search: string;
  pendingStates: ReadonlyMap<string, ItemSyncState>;
  canPublish: boolean;
  /** The first sync is still downloading: an empty list may just not have arrived yet. */
  initialSync: boolean;
  hrefFor: (page: number) => string;
  onGoTo: (page: number) => void;
  onSearch: (text: string) => void;
  /** A category's "keep on this device" control (KeepNewsToggle), under the toolbar. */
  keep?: ReactNode;
}

export function PostListView(props: PostListViewProps) {
  const { categories, category, result, page, pages, search, pendingStates, canPublish, initialSync, hrefFor, onGoTo, onSearch, keep } = props;
  const { t } = useLingui();
  const total = result?.total ?? 0;
  const names = new Map(categories.map((c) => [c.id, c.name]));
  if (result) primeExcerpts(result.posts.map((post) => post.content));
  const newPostHref = category ? `/blog/new-post?category=${encodeURIComponent(category.slug)}` : '/blog/new-post';
  return (
    <div className="page posts-page">
      <header className="page-header posts-header">
        <h1>{category ? category.name : <Trans>News</Trans>}</h1>
        {canPublish ? (
          <Link className={buttonClass('primary')} to={newPostHref}>
            <Trans>New publication</Trans>
          </Link>
        ) : null}
      </header>
      <div className="posts-toolbar">
        <CategoryTabs categories={categories} />
        <PostSearchBox value={search} onSearch={onSearch} />
      </div>
      {keep ? <div className="posts-keep">{keep}</div> : null}
      <section aria-label={t`Publications`} aria-busy={result === undefined}>
        {search.trim() && result?.unindexed ? (
          <p className="muted posts-indexing" role="status">
            <Plural
              value={result.unindexed}
              one="Still indexing # new item: results may be incomplete."
              other="Still indexing # new items: results may be incomplete."
            />
          </p>
        ) : null}
        {result === undefined ? (
          <LoadingState label={t`Loading…`} />
        ) : result.total === 0 ? (
          search.trim() ? (
            <EmptyState>
              <Trans>No matching results found</Trans>
            </EmptyState>
          ) : initialSync ? (
            <LoadingState label={t`Downloading the news…`} />
          ) : (
            <EmptyState>
              <Trans>No publications yet</Trans>
            </EmptyState>
          )
        ) : (
          <>
            <p className="muted posts-count" role="status">
              {search.trim() ? (
                <Plural value={total} one="# result" other="# results" />
              ) : (
                <Trans>
                  Page {page} of {pages}
                </Trans>
              )}
            </p>
            <ol className="post-list">
              {result.posts.map((post) => (
                <li key={post.id}>
                  <PostCard post={post} categoryName={names.get(post.category_id)} syncState={pendingStates.get(post.id)} />
                </li>
              ))}
            </ol>
            <Pagination page={page} pages={pages} hrefFor={hrefFor} onGoTo={onGoTo} />
          </>
        )}
      </section>
    </div>
  );
}
