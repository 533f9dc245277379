import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { usePendingStates, useSyncStatus } from '../../sync/hooks';
import { usePageMeta } from '../../tenant/usePageMeta';
import { KeepNewsToggle } from './KeepNewsToggle';
import { BackToNews, LoadingState } from './PageStates';
import { PostListView } from './PostListView';
import { listQuery } from './postPagePrefetch';
import { pageCount } from './postQueries';
import { useNewsPreview } from './useNewsPreview';
import { useCategories, usePostPage } from './usePostData';

/** `/blog/:category` (`all` for every category), `?page=` and `?q=` in the address. */
export function PostListScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { category: slug = 'all' } = useParams();
  const [params] = useSearchParams();
  const { user } = useSession();
  const { firstSyncPending } = useSyncStatus();
  const categories = useCategories();
  const pendingStates = usePendingStates('posts');
  const query = listQuery(slug, params);
  const { page, search } = query;
  const category = slug === 'all' ? null : (categories?.find((c) => c.slug === slug) ?? null);
  const result = usePostPage(query);
  usePageMeta(category?.name ?? t`News`);
  useNewsPreview({
    settled: categories !== undefined && result !== undefined,
    keep: slug === 'all' && page === 1 && !search && !result?.stale && (result?.posts.length ?? 0) > 0,
    user: user?.id,
    version: result,
  });

  const hrefFor = useCallback(
    (target: number) => {
      const next = new URLSearchParams();
      if (search) next.set('q', search);
      if (target > 1) next.set('page', String(target));
      const query = next.toString();
      return `/blog/${slug}${query ? `?${query}` : ''}`;
    },
    [slug, search],
  );
  const onGoTo = useCallback((target: number) => void navigate(hrefFor(target)), [navigate, hrefFor]);
  const onSearch = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      // A new search starts at page 1; typing replaces the entry instead of piling up history.
      void navigate(`/blog/${slug}${trimmed ? `?q=${encodeURIComponent(trimmed)}` : ''}`, { replace: true });
    },
    [navigate, slug],
  );

  if (categories === undefined) return <LoadingState label={t`Loading…`} />;
  if (slug !== 'all' && !category) {
    if (firstSyncPending) return <LoadingState label={t`Downloading the news…`} />;
    return (
      <BackToNews linkLabel={<Trans>See all news</Trans>}>
        <Trans>This category does not exist.</Trans>
      </BackToNews>
    );
  }
  const pages = pageCount(result?.total ?? 0);
  if (result && !result.stale && page > pages) return <Navigate to={hrefFor(pages)} replace />;

  return (
    <PostListView
      categories={categories}
      category={category}
      result={result}
      page={page}
      pages={pages}
      search={search}
      pendingStates={pendingStates}
      canPublish={can(user?.role, 'content.publish')}
      initialSync={result?.firstSyncPending ?? firstSyncPending}
      hrefFor={hrefFor}
      onGoTo={onGoTo}
      onSearch={onSearch}
      keep={category ? <KeepNewsToggle category={category} /> : null}
    />
  );
}
