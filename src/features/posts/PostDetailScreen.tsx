import { useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import { audienceSummary, describeAudience } from '../../audience/audienceSummary';
import { DeliveryReport } from '../../delivery/DeliveryReport';
import { mayReadDelivery } from '../../delivery/mayReadDelivery';
import { useReachedServer } from '../../delivery/useReachedServer';
import { usePostsDb } from './usePostsDb';
import { useSession } from '../../session/session';
import { discard, usePendingStates } from '../../sync/hooks';
import { usePageMeta } from '../../tenant/usePageMeta';
import { toastOutcome } from '../../sync/outcomeToasts';
import { showToast } from '../../ui/toastStore';
import { LoadingState, PostGone } from './PageStates';
import { PostAttentionList } from './PostAttentionList';
import { PostDetailView } from './PostDetailView';
import { postOutcomeTexts } from './postOutcomeTexts';
import { deletePost, keepEditAsNewPost } from './postWrites';
import { useCountView } from './useCountView';
import { usePostAttention } from './useOutboxEntry';
import { useCategories, usePost, useReferenceData } from './usePostData';

/** `/blog/post/:post`: reads the local copy, counts the view once, offers edit/delete; its author and administrators see how it was delivered. */
export function PostDetailScreen() {
  const { t, i18n } = useLingui();
  const db = usePostsDb();
  const navigate = useNavigate();
  const { user } = useSession();
  const { post: postId = '' } = useParams();
  const post = usePost(postId);
  const categories = useCategories();
  const reference = useReferenceData();
  const attention = usePostAttention(postId) ?? [];
  // Per entity `posts`: a queued view (entity `viewedPosts`) does not make the post "not sent".
  const syncState = usePendingStates('posts').get(postId) ?? null;
  // An author reading their own post is not a reader: no view (and nothing unsent) for it.
  useCountView(postId, Boolean(post) && post?.author_id !== user?.id);
  // The delivery report is asked for only once the server has the post.
  const onServer = useReachedServer(postId, 'posts.create');
  usePageMeta(post?.title ?? t`News`);

  const onDiscard = (seq: number) => {
    discard(db, seq).catch((error: unknown) => console.error(error));
  };

  const onKeepAsNew = (seq: number) => {
    if (!user) return;
    keepEditAsNewPost(db, seq, { user })
      .then(async (kept) => {
        if (kept) await navigate(`/blog/post/${kept.id}`);
      })
      .catch((error: unknown) => {
        console.error(error);
        showToast(t`Something went wrong. Please try again.`, 'error');
      });
  };

  if (post === undefined) return <LoadingState label={t`Loading…`} />;
  if (post === null) {
    // A refused create the engine rolled back still shows why, so it can be fixed.
    return attention.length > 0 ? (
      <PostAttentionList entries={attention} canFix={can(user?.role, 'content.publish')} onDiscard={onDiscard} onKeepAsNew={onKeepAsNew} />
    ) : (
      <PostGone />
    );
  }

  const category = categories?.find((candidate) => candidate.id === post.category_id);
  // Who it is for is the publishers' business (they choose it), not the readers'.
  const audience = can(user?.role, 'content.readAll') && reference ? audienceSummary(i18n, describeAudience(post, reference)) : null;
  const onDelete = () => {
    deletePost(db, post.id)
      .then(async (seq) => {
        void toastOutcome(db, i18n, seq, postOutcomeTexts(i18n, 'delete'));
        await navigate(`/blog/${category?.slug ?? 'all'}`);
      })
      .catch((error: unknown) => {
        console.error(error);
        showToast(t`The publication could not be deleted on this device.`, 'error');
      });
  };

  return (
    <PostDetailView
      post={post}
      categoryName={category?.name}
      categorySlug={category?.slug ?? 'all'}
      syncState={syncState}
      attention={attention}
      canPublish={can(user?.role, 'content.publish')}
      audience={audience}
      delivery={
        mayReadDelivery(user, post.author_id) ? <DeliveryReport kind="post" id={post.id} onServer={onServer} headingLevel={2} className="card" /> : null
      }
      onDelete={onDelete}
      onDiscard={onDiscard}
      onKeepAsNew={onKeepAsNew}
    />
  );
}
