import type { AttachmentQueue } from '../../uploads/attachmentQueue';
import { documentsDb } from './documentsDb';
import { queueAttachments } from './uploadQueue';

/** The upload queue as the post and event forms use it (UiModule.attachmentQueue, ui.tsx). */
export const attachmentQueue: AttachmentQueue = {
  queue: (db, files, target, alts) => queueAttachments(documentsDb(db), files, target, alts),
};
