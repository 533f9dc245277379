import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { maxAltLength, maxAttachmentsPerOwner, type Attachment } from '../../contract/attachments';
import { messages } from '../../contract/messages';
import type { ReactNode } from 'react';
import type { PatioDb } from '../db/database';
import type { FieldErrors, Validated } from '../forms/fieldErrors';
import { StorageFullError } from '../sync/StorageFullError';
import { showToast } from '../ui/toastStore';
import type { AttachmentQueue, AttachmentTarget } from './attachmentQueue';
import { fileProblem } from './fileChecks';
import { describeAttachments } from './describeAttachments';
import { removeAttachments } from './removeAttachments';

/**
 * What the post and event forms do with files (AttachmentsField.tsx): the person's changes,
 * their check before saving, and the save, which comes after the owner's own change is in
 * the outbox so that every file waits for it (uploadRunner.ts).
 */

/**
 * What the person changed of the files: picked ones (in order) with the text alternatives
 * written for the images among them (by place), the ids of files taken off, and the new text
 * alternatives of images the owner has (by id; only those changed).
 */
export interface AttachmentChanges {
  picked: File[];
  pickedAlts: string[];
  removed: string[];
  alts: Record<string, string>;
}

export const noAttachmentChanges: AttachmentChanges = { picked: [], pickedAlts: [], removed: [], alts: {} };

/** Why the files cannot be saved as they are (shown on the field), or undefined. */
export function attachmentsError(i18n: I18n, existing: readonly Attachment[], changes: AttachmentChanges): string | undefined {
  if (changes.picked.some((file) => fileProblem(file) !== null)) return i18n._(msg`Remove the files that cannot be attached.`);
  if ([...changes.pickedAlts, ...Object.values(changes.alts)].some((alt) => alt.trim().length > maxAltLength)) return messages.tooLong;
  const kept = existing.filter((file) => !changes.removed.includes(file.id)).length;
  if (kept + changes.picked.length > maxAttachmentsPerOwner) return messages.attachmentLimit;
  return undefined;
}

/**
 * An owner's fields and files checked together, as its form submits them: every message at
 * once, the files' on the `attachments` field.
 */
export function withAttachments<F>(
  checked: Validated<F>,
  i18n: I18n,
  existing: readonly Attachment[],
  attachments: AttachmentChanges,
): Validated<{ fields: F; attachments: AttachmentChanges }> {
  const filesError = attachmentsError(i18n, existing, attachments);
  if (checked.ok && !filesError) return { ok: true, data: { fields: checked.data, attachments } };
  return { ok: false, errors: { ...(checked.ok ? {} : checked.errors), ...(filesError ? { attachments: filesError } : {}) } };
}

/** What the post and event forms are given besides their own values. */
export interface AttachableFormProps<F> {
  title: ReactNode;
  submitLabel: string;
  /** Errors to show from the start (a refused change being fixed). */
  initialErrors?: FieldErrors;
  /** A message for the whole form from the start (the server's reason for refusing). */
  initialFormError?: string | null;
  /** Offers files to attach (when the app has an upload queue: src/uploads/useAttachmentQueue.ts). */
  attachable?: boolean;
  /** The owner's files (an edit): listed, each with a remove. */
  existingAttachments?: readonly Attachment[];
  /** Saves locally (through the outbox), then the files' changes; a thrown error is shown on the form. */
  onSubmit: (fields: F, attachments: AttachmentChanges) => Promise<void>;
  onCancel: () => void;
}

/**
 * Queues the removals (outbox) and the picked files (upload queue) of an owner whose own
 * create or edit was just written. The owner is saved either way: a device too full for the
 * files says so in a toast rather than failing the form, which would save the post twice.
 */
export async function saveAttachmentChanges(
  i18n: I18n,
  db: PatioDb,
  queue: (() => Promise<AttachmentQueue>) | null,
  target: AttachmentTarget & { table: string },
  changes: AttachmentChanges,
): Promise<void> {
  try {
    const owner = { table: target.table, id: target.owner_id };
    if (changes.removed.length > 0) await removeAttachments(db, owner, changes.removed);
    const described = new Map(Object.entries(changes.alts).filter(([id]) => !changes.removed.includes(id)));
    if (described.size > 0) await describeAttachments(db, owner, described);
    if (changes.picked.length > 0 && queue)
      await (await queue()).queue(db, changes.picked, { owner: target.owner, owner_id: target.owner_id, title: target.title }, changes.pickedAlts);
  } catch (error) {
    console.error(error);
    showToast(
      error instanceof StorageFullError
        ? i18n._(msg`Saved, but this device's storage is too full to keep the files for sending. Free some space and attach them again.`)
        : i18n._(msg`Saved, but the files could not be kept for sending. Please attach them again.`),
      'error',
    );
  }
}
