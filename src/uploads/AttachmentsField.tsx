import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { maxAltLength, type Attachment } from '../../contract/attachments';
import { defaultDocumentMaxBytes } from '../../contract/documents';
import { Button, buttonClass } from '../ui/Button';
import { FieldError } from '../ui/FieldError';
import { fileKind, formatBytes, formatFileSize } from '../ui/fileFormat';
import { FileIcon } from '../ui/icons';
import type { AttachmentChanges } from './attachmentChanges';
import { acceptedFileTypes, fileProblem, type FileProblem } from './fileChecks';
import '../ui/attachmentList.css';

/**
 * The files of a post or an event in its form: those it has (an edit), which the person may
 * take off, and those picked now, each picked file checked at once (fileChecks.ts). Nothing
 * is sent from here: on save the form's screen hands the changes to attachmentChanges.ts.
 */

export interface AttachmentsFieldProps {
  /** The owner's files as its row lists them (none for a new one). */
  existing: readonly Attachment[];
  value: AttachmentChanges;
  onChange: (value: AttachmentChanges) => void;
  error?: string;
  /** Said under the label, after what may be attached ("the first image is the cover"). */
  hint?: ReactNode;
}

const problemTexts = {
  empty: msg`This file is empty.`,
  type: msg`This kind of file cannot be attached: choose an image, a PDF, an office document or plain text.`,
  name: msg`The file’s name is too long.`,
};

function problemText(i18n: I18n, problem: FileProblem): string {
  if (problem.kind !== 'tooLarge') return i18n._(problemTexts[problem.kind]);
  const max = formatBytes(problem.maxBytes, i18n.locale);
  return i18n._(msg`Larger than ${max}, the most a file may be.`);
}

export function AttachmentsField({ existing, value, onChange, error, hint }: AttachmentsFieldProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const kept = existing.filter((file) => !value.removed.includes(file.id));
  // The cap reads as the library's upload form says it ("50 MB").
  const cap = formatBytes(defaultDocumentMaxBytes, i18n.locale);
  const describedBy = [`${id}-status`, `${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const count = kept.length + value.picked.length;
  return (
    <div className="field attachments-field" data-field="attachments">
      <label htmlFor={`${id}-input`} className="field-label">
        <Trans>Attachments</Trans>
      </label>
      {/* The browser's own picker says "No file chosen" beside files listed below: it is
          hidden (still focusable and labelled), and what is attached is said instead. */}
      <div className="file-picker">
        <input
          id={`${id}-input`}
          name="attachments"
          type="file"
          className="file-input"
          multiple
          accept={acceptedFileTypes}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared, so the same file can be picked again after being taken off the list.
            event.target.value = '';
            if (files.length > 0) onChange({ ...value, picked: [...value.picked, ...files], pickedAlts: [...value.pickedAlts, ...files.map(() => '')] });
          }}
        />
        <label htmlFor={`${id}-input`} className={`${buttonClass('secondary')} file-picker-button`}>
          <Trans>Choose files</Trans>
        </label>
        <span id={`${id}-status`} className="file-picker-status">
          {count > 0 ? t`${plural(count, { one: '# file attached', other: '# files attached' })}` : t`No files attached`}
        </span>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        <Trans>Images, PDF, office documents or plain text, up to {cap} each.</Trans> {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
      {count > 0 ? (
        <ul className="attachment-list" aria-label={t`Files`}>
          {kept.map((file) => (
            <FileItem
              key={file.id}
              name={file.name}
              facts={`${fileKind(i18n, file.mime_type)} · ${formatFileSize(file.size, i18n.locale)}`}
              onRemove={() => onChange({ ...value, removed: [...value.removed, file.id] })}
              alt={
                file.mime_type.startsWith('image/')
                  ? {
                      value: value.alts[file.id] ?? file.alt ?? '',
                      onChange: (alt) => {
                        const { [file.id]: _unchanged, ...others } = value.alts;
                        onChange({ ...value, alts: alt === (file.alt ?? '') ? others : { ...others, [file.id]: alt } });
                      },
                    }
                  : null
              }
            />
          ))}
          {value.picked.map((file, index) => {
            const problem = fileProblem(file);
            const size = formatFileSize(file.size, i18n.locale);
            return (
              <FileItem
                key={`${index}-${file.name}`}
                name={file.name}
                facts={problem ? null : t`${size}, sent when you save`}
                problem={problem ? problemText(i18n, problem) : null}
                onRemove={() =>
                  onChange({ ...value, picked: value.picked.filter((_, at) => at !== index), pickedAlts: value.pickedAlts.filter((_, at) => at !== index) })
                }
                alt={
                  !problem && file.type.startsWith('image/')
                    ? {
                        value: value.pickedAlts[index] ?? '',
                        onChange: (alt) => onChange({ ...value, pickedAlts: value.picked.map((_, at) => (at === index ? alt : (value.pickedAlts[at] ?? ''))) }),
                      }
                    : null
                }
              />
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

interface FileItemProps {
  name: string;
  facts: string | null;
  problem?: string | null;
  onRemove: () => void;
  /** An image's text alternative, written here; null for other files. */
  alt?: { value: string; onChange: (alt: string) => void } | null;
}

function FileItem({ name, facts, problem = null, onRemove, alt = null }: FileItemProps) {
  const { t } = useLingui();
  const altId = useId();
  return (
    <li className={alt ? 'attachment-item has-alt' : 'attachment-item'}>
      <FileIcon className="icon attachment-icon" />
      <span className="attachment-text">
        <span className="attachment-name" dir="auto">
          {name}
        </span>
        {problem ? <span className="field-error">{problem}</span> : <span className="attachment-facts">{facts}</span>}
      </span>
      <Button variant="ghost" className="attachment-remove" onClick={onRemove} aria-label={t`Remove ${name}`}>
        <Trans>Remove</Trans>
      </Button>
      {alt ? (
        <div className="attachment-alt">
          <label className="field-label" htmlFor={altId}>
            <Trans>Description of {name}</Trans>
          </label>
          <input
            id={altId}
            className="input"
            name="alt"
            value={alt.value}
            maxLength={maxAltLength}
            dir={alt.value ? 'auto' : undefined}
            aria-describedby={`${altId}-hint`}
            onChange={(event) => alt.onChange(event.target.value)}
          />
          <p id={`${altId}-hint`} className="field-hint">
            <Trans>What the photo shows, for people who cannot see it.</Trans>
          </p>
        </div>
      ) : null}
    </li>
  );
}
