import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { audienceFields, requireSections, type AudienceFields } from '../../../contract/audience';
import { defaultDocumentMaxBytes, type DocumentCategory } from '../../../contract/documents';
import { messages } from '../../../contract/messages';
import { AudiencePicker } from '../../audience/AudiencePicker';
import { audienceToSend } from '../../audience/audienceChoice';
import type { AudienceOptions } from '../../audience/audienceGroups';
import { focusFirstInvalid } from '../../forms/localSave';
import { validateWith, type FieldErrors } from '../../forms/fieldErrors';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { FormAlert } from '../../ui/FormAlert';
import { Select } from '../../ui/Select';
import { formatBytes } from '../../ui/fileFormat';
import { acceptedFileTypes, fileProblem, type FileProblem } from '../../uploads/fileChecks';
import type { UploadTarget } from './uploadQueue';

export interface UploadFormProps {
  categories: readonly DocumentCategory[];
  audience: AudienceOptions;
  initialCategoryId?: string;
  /** Queues the files (on this device); a thrown error is shown on the form. */
  onSubmit: (files: File[], target: UploadTarget) => Promise<void>;
  onCancel: () => void;
  /** Words for an error thrown by `onSubmit`. */
  describeError: (error: unknown) => string;
}

const audienceSchema = audienceFields.superRefine(requireSections);

/**
 * Files (several at once), their category and who they are for. Each file is checked as it
 * is chosen (size, type, name: src/uploads/fileChecks.ts `fileProblem`); those that cannot be shared
 * are listed with the reason and left out, the others are added to the queue.
 */
export function UploadForm({ categories, audience, initialCategoryId = '', onSubmit, onCancel, describeError }: UploadFormProps) {
  const { t, i18n } = useLingui();
  const [files, setFiles] = useState<File[]>([]);
  const [categoryId, setCategoryId] = useState(initialCategoryId);
  const [choice, setChoice] = useState<AudienceFields>({ course_ids: [], grade_ids: [], section_ids: [], scope: 'college' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  // The server's cap is a setting; this is its default, which the server enforces either way.
  const capText = formatBytes(defaultDocumentMaxBytes, i18n.locale);

  const problemText = (problem: FileProblem): string => {
    switch (problem.kind) {
      case 'empty':
        return t`This file is empty.`;
      case 'tooLarge': {
        const max = formatBytes(problem.maxBytes, i18n.locale);
        return t`Larger than ${max}, the most a document may be.`;
      }
      case 'type':
        return t`This kind of file cannot be shared: upload a PDF, an image, an office document or plain text.`;
      case 'name':
        return t`The file’s name is too long.`;
    }
  };
  const checked = files.map((file) => ({ file, problem: fileProblem(file) }));
  const accepted = checked.filter((entry) => entry.problem === null).map((entry) => entry.file);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found: FieldErrors = {};
    if (accepted.length === 0) found.files = files.length === 0 ? t`Choose at least one file.` : t`None of these files can be shared.`;
    if (!categoryId) found.category_id = messages.postCategoryRequired;
    const toSend = audienceToSend(choice);
    const audienceChecked = validateWith(audienceSchema, toSend);
    if (!audienceChecked.ok) Object.assign(found, audienceChecked.errors);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form, found);
      return;
    }
    setFormError(null);
    setBusy(true);
    try {
      await onSubmit(accepted, { category_id: categoryId, audience: toSend });
    } catch (error) {
      setFormError(describeError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form upload-form" noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert message={formError} />
      <div className="field">
        <label htmlFor={`${id}-files`} className="field-label">
          <Trans>Files</Trans>
        </label>
        <input
          id={`${id}-files`}
          name="files"
          type="file"
          multiple
          accept={acceptedFileTypes}
          aria-invalid={errors.files ? true : undefined}
          aria-describedby={`${id}-files-hint${errors.files ? ` ${id}-files-error` : ''}`}
          onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
        />
        <p id={`${id}-files-hint`} className="field-hint">
          <Trans>PDF, images, office documents or plain text, up to {capText} each.</Trans>
        </p>
        <FieldError id={`${id}-files-error`} message={errors.files} />
        {checked.length > 0 ? (
          <ul className="upload-files" aria-label={t`Chosen files`}>
            {checked.map(({ file, problem }, index) => (
              <li key={`${index}-${file.name}`} className="upload-file">
                <span dir="auto">{file.name}</span>
                {problem ? (
                  <span className="upload-file-problem">{problemText(problem)}</span>
                ) : (
                  <span className="muted">{formatBytes(file.size, i18n.locale)}</span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="field">
        <Select
          label={t`Category`}
          name="category_id"
          value={categoryId}
          onChange={(event) => setCategoryId(event.target.value)}
          options={[{ value: '', label: t`Choose a category` }, ...categories.map((category) => ({ value: category.id, label: category.name }))]}
          aria-invalid={errors.category_id ? true : undefined}
          aria-describedby={errors.category_id ? `${id}-category-error` : undefined}
        />
        <FieldError id={`${id}-category-error`} message={errors.category_id} />
      </div>
      <AudiencePicker audience={audience} values={choice} errors={errors} onChange={setChoice} />
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={busy}>
          <Trans>Add to the uploads</Trans>
        </Button>
      </div>
    </form>
  );
}
