import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import type { PostFields } from '../../../contract/posts';
import { usePostsDb } from './usePostsDb';
import { useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { toastOutcome } from '../../sync/outcomeToasts';
import { LoadingState, NotAllowed } from './PageStates';
import { PostForm } from './PostForm';
import { emptyPostValues } from './postFormValues';
import { postOutcomeTexts } from './postOutcomeTexts';
import { createPost } from './postWrites';
import { useReferenceData } from './usePostData';
import { saveAttachmentChanges, type AttachmentChanges } from '../../uploads/attachmentChanges';
import { useAttachmentQueue } from '../../uploads/useAttachmentQueue';

/** `/blog/new-post`: staff and admins write a post; it is saved locally and queued, then its files (they wait for it). */
export function NewPostScreen() {
  const { t, i18n } = useLingui();
  const db = usePostsDb();
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reference = useReferenceData();
  const attachmentQueue = useAttachmentQueue();
  const [now] = useState(() => new Date());
  usePageMeta(t`New publication`);

  if (!user || !can(user.role, 'content.publish')) return <NotAllowed />;
  if (!reference) return <LoadingState label={t`Loading…`} />;

  // Coming from a category's list, the post starts in that category.
  const categoryId = reference.categories.find((category) => category.slug === params.get('category'))?.id;
  const save = async (fields: PostFields, attachments: AttachmentChanges) => {
    const { id, seq } = await createPost(db, fields, { user });
    // The toast waits for the server's answer (or says the post is kept on this device).
    void toastOutcome(db, i18n, seq, postOutcomeTexts(i18n, 'create'));
    // After the post's create: its files wait for it (the upload queue reads the outbox).
    await saveAttachmentChanges(i18n, db, attachmentQueue, { table: 'posts', owner: 'post', owner_id: id, title: fields.title }, attachments);
    await navigate(`/blog/post/${id}`);
  };

  return (
    <div className="page post-form-page">
      <PostForm
        title={<Trans>New publication</Trans>}
        initial={emptyPostValues(now, categoryId)}
        reference={reference}
        submitLabel={t`Publish`}
        attachable={attachmentQueue !== null}
        onSubmit={save}
        onCancel={() => void navigate(-1)}
      />
    </div>
  );
}
