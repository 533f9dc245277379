import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import type { PostFields } from '../../../contract/posts';
import { usePostsDb } from './usePostsDb';
import type { FieldErrors } from '../../forms/fieldErrors';
import { useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { toastOutcome } from '../../sync/outcomeToasts';
import { LoadingState, NotAllowed, PostGone } from './PageStates';
import { PostForm } from './PostForm';
import { emptyPostValues, valuesFrom } from './postFormValues';
import { postOutcomeTexts } from './postOutcomeTexts';
import { resendPost, updatePost } from './postWrites';
import { useOutboxEntry } from './useOutboxEntry';
import { usePost, useReferenceData } from './usePostData';
import { saveAttachmentChanges, type AttachmentChanges } from '../../uploads/attachmentChanges';
import { useAttachmentQueue } from '../../uploads/useAttachmentQueue';

function firstErrors(errors: Record<string, string[]> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, list] of Object.entries(errors ?? {})) if (list[0]) out[field] = list[0];
  return out;
}

/**
 * `/blog/post/:post/edit`. With `?resend=<seq>` it fixes a change the server refused: the
 * form starts from that change's kept text and errors, and saving sends it again in place.
 */
export function EditPostScreen() {
  const { t, i18n } = useLingui();
  const db = usePostsDb();
  const { user } = useSession();
  const navigate = useNavigate();
  const { post: postId = '' } = useParams();
  const [params] = useSearchParams();
  const resendParam = Number(params.get('resend'));
  const seq = Number.isInteger(resendParam) && resendParam > 0 ? resendParam : null;
  const post = usePost(postId);
  const entry = useOutboxEntry(seq);
  const reference = useReferenceData();
  const attachmentQueue = useAttachmentQueue();
  const [now] = useState(() => new Date());
  usePageMeta(t`Edit publication`);

  if (!user || !can(user.role, 'content.publish')) return <NotAllowed />;
  if (post === undefined || entry === undefined || !reference) return <LoadingState label={t`Loading…`} />;
  const fixing = entry !== null && entry.entityId === postId && entry.status === 'attention' ? entry : null;
  if (!post && !fixing) return <PostGone />;

  const fromPost = valuesFrom(post, emptyPostValues(now));
  const initial = fixing ? valuesFrom(fixing.args, fromPost) : fromPost;
  const save = async (fields: PostFields, attachments: AttachmentChanges) => {
    if (fixing?.seq !== undefined) {
      await resendPost(db, fixing.seq, postId, fields);
      void toastOutcome(db, i18n, fixing.seq, postOutcomeTexts(i18n, fixing.name === 'posts.create' ? 'create' : 'update'));
    } else {
      const seq = await updatePost(db, postId, fields);
      void toastOutcome(db, i18n, seq, postOutcomeTexts(i18n, 'update'));
    }
    // After the post's change: its files wait for it (the upload queue reads the outbox).
    await saveAttachmentChanges(i18n, db, attachmentQueue, { table: 'posts', owner: 'post', owner_id: postId, title: fields.title }, attachments);
    // A refused create that the engine rolled back has no local row to show yet.
    await navigate(post ? `/blog/post/${postId}` : '/app/outbox');
  };

  return (
    <div className="page post-form-page">
      <PostForm
        key={fixing ? `fix-${fixing.seq}` : postId}
        title={fixing ? <Trans>Fix and resend</Trans> : <Trans>Edit publication</Trans>}
        initial={initial}
        initialErrors={fixing ? firstErrors(fixing.error?.errors) : {}}
        initialFormError={fixing?.error && !fixing.error.errors ? fixing.error.message : null}
        reference={reference}
        submitLabel={fixing ? t`Save and resend` : t`Save changes`}
        attachable={attachmentQueue !== null}
        existingAttachments={post?.attachments ?? []}
        onSubmit={save}
        onCancel={() => void navigate(-1)}
      />
    </div>
  );
}
