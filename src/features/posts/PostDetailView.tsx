import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { IsolatedText } from '../../audience/IsolatedText';
import type { OutboxEntry } from '../../db/database';
import type { LocalPost } from './postsDb';
import { isShownImage } from '../../ui/imageSources';
import { AttachmentList } from '../../ui/AttachmentList';
import { ImageGallery } from '../../ui/ImageGallery';
import { Button, buttonClass } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ArrowBackIcon } from '../../ui/icons';
import { SyncStateBadge, type ItemSyncState } from '../../ui/SyncStateBadge';
import { itemGone } from '../../sync/itemGone';
import { PostAttention } from './PostAttention';
import { PostContent } from './PostContent';
import { PostMeta } from './PostMeta';

export interface PostDetailViewProps {
  post: LocalPost;
  categoryName: string | undefined;
  categorySlug: string;
  syncState: ItemSyncState | null | undefined;
  attention: readonly OutboxEntry[];
  canPublish: boolean;
  /** Who the post is for, in words (audienceSummary); shown to staff and administrators only. */
  audience: string | null;
  /** How it was delivered (src/delivery): its author and administrators only, else null. */
  delivery?: ReactNode;
  onDelete: () => void;
  onDiscard: (seq: number) => void;
  onKeepAsNew: (seq: number) => void;
}

export function PostDetailView({
  post,
  categoryName,
  categorySlug,
  syncState,
  attention,
  canPublish,
  audience,
  delivery = null,
  onDelete,
  onDiscard,
  onKeepAsNew,
}: PostDetailViewProps) {
  // The server said the post no longer exists: editing or deleting it cannot work (src/sync/itemGone.ts).
  const gone = attention.some(itemGone);
  const { t } = useLingui();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Its pictures lead the post; the other files follow the text.
  const images = (post.attachments ?? []).filter(isShownImage);
  const files = (post.attachments ?? []).filter((file) => !isShownImage(file));
  return (
    <article className="page post-detail" aria-labelledby="post-title">
      <Link className="back-link with-icon" to={`/blog/${categorySlug}`}>
        <ArrowBackIcon />
        <span>
          <Trans>Back to news</Trans>
        </span>
      </Link>
      <header className="post-detail-header">
        <h1 id="post-title" className="post-detail-title" dir="auto">
          {post.title}
        </h1>
        <PostMeta post={post} categoryName={categoryName} />
        {audience ? (
          <p className="post-audience">
            <span className="post-audience-label">
              <Trans>For:</Trans>
            </span>{' '}
            <span className="post-audience-text">
              <IsolatedText text={audience} />
            </span>
          </p>
        ) : null}
        <SyncStateBadge state={syncState} />
      </header>
      {attention.map((entry) => (
        <PostAttention key={entry.id} entry={entry} canFix={canPublish} onDiscard={onDiscard} onKeepAsNew={onKeepAsNew} />
      ))}
      <ImageGallery images={images} title={post.title} eager />
      <div className="card">
        <PostContent html={post.content} />
      </div>
      <AttachmentList attachments={files} />
      {canPublish && !gone ? (
        <div className="post-actions">
          <Link className={buttonClass('secondary')} to={`/blog/post/${post.id}/edit`}>
            <Trans>Edit</Trans>
          </Link>
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            <Trans>Delete</Trans>
          </Button>
        </div>
      ) : null}
      {delivery}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t`Delete this publication?`}
        description={<Trans>It will be removed for everyone it was addressed to.</Trans>}
        confirmLabel={t`Delete`}
        onConfirm={onDelete}
      />
    </article>
  );
}
