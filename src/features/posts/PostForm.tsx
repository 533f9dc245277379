import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { postFields, type PostFields } from '../../../contract/posts';
import { validateWith } from '../../forms/fieldErrors';
import { useOutboxForm } from '../../forms/useOutboxForm';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { FormAlert } from '../../ui/FormAlert';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { AudiencePicker } from '../../audience/AudiencePicker';
import { offeredCategories } from './categoryChoice';
import { toFieldsInput, type PostFormValues } from './postFormValues';
import { RichTextEditor } from '../../richText/RichTextEditor';
import { sanitizeRichText } from '../../richText/sanitizeRichText';
import { noAttachmentChanges, withAttachments, type AttachableFormProps, type AttachmentChanges } from '../../uploads/attachmentChanges';
import { AttachmentsField } from '../../uploads/AttachmentsField';
import type { ReferenceData } from './usePostData';

export interface PostFormProps extends AttachableFormProps<PostFields> {
  initial: PostFormValues;
  reference: ReferenceData;
}

/**
 * Create and edit a post. Validated with `postFields`, the schema the server applies, so
 * the original app's messages appear next to their fields and nothing is written while invalid.
 */
export function PostForm(props: PostFormProps) {
  const {
    title,
    initial,
    reference,
    submitLabel,
    initialErrors = {},
    initialFormError = null,
    attachable = false,
    existingAttachments = [],
    onSubmit,
    onCancel,
  } = props;
  const { t, i18n } = useLingui();
  const form = useOutboxForm<PostFormValues & { attachments: AttachmentChanges }, { fields: PostFields; attachments: AttachmentChanges }>({
    initial: { ...initial, attachments: noAttachmentChanges },
    initialErrors,
    initialFormError,
    validate: ({ attachments, ...values }) =>
      withAttachments(
        validateWith(postFields, { ...toFieldsInput(values), content: sanitizeRichText(values.content) }),
        i18n,
        existingAttachments,
        attachments,
      ),
    save: ({ fields, attachments }) => onSubmit(fields, attachments),
    saveFailed: t`This publication could not be saved on this device. Please try again.`,
  });
  const { values, set, change, errors, formError, busy, submit } = form;
  const categoryErrorId = `${useId()}-category-error`;

  return (
    <form className="card form post-form" noValidate onSubmit={submit} aria-labelledby="post-form-title">
      <h1 id="post-form-title" className="post-form-title">
        {title}
      </h1>
      <FormAlert message={formError} />
      <TextField
        label={t`Title`}
        name="title"
        valueDir="auto"
        value={values.title}
        onChange={(event) => set({ title: event.target.value })}
        error={errors.title}
        maxLength={200}
        required
      />
      <RichTextEditor label={t`Content`} initialHtml={initial.content} onChange={(content) => set({ content })} error={errors.content} />
      <div className="post-form-row">
        <div className="field">
          <Select
            label={t`Category`}
            name="category_id"
            value={values.category_id}
            onChange={(event) => set({ category_id: event.target.value })}
            options={[
              { value: '', label: t`Choose a category` },
              ...offeredCategories(reference.categories, initial.category_id).map((category) => ({ value: category.id, label: category.name })),
            ]}
            aria-invalid={errors.category_id ? true : undefined}
            aria-describedby={errors.category_id ? categoryErrorId : undefined}
          />
          <FieldError id={categoryErrorId} message={errors.category_id} />
        </div>
        <TextField
          label={t`Publication date`}
          name="published_at"
          type="datetime-local"
          value={values.published_at}
          onChange={(event) => set({ published_at: event.target.value })}
          error={errors.published_at}
        />
      </div>
      <AudiencePicker audience={reference} values={values} errors={errors} onChange={change} />
      {attachable ? (
        <AttachmentsField
          existing={existingAttachments}
          value={values.attachments}
          onChange={(attachments) => set({ attachments })}
          error={errors.attachments}
          hint={<Trans>The first image is the cover in the news.</Trans>}
        />
      ) : null}
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
