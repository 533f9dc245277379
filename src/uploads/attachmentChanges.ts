import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { maxAltLength, maxAttachmentsPerOwner, type Attachment } from '../../contract/attachments';
import { messages } from '../../contract/messages';
import type { PatioDb } from '../db/database';
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
