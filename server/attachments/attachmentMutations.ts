import { removeAttachmentArgs } from '../../contract/attachments';
import { defineMutation, type MutationHandler } from '../sync/mutation';
import { removeAttachment } from './attachmentService';
import type { AttachmentOwners } from './owners';

/**
 * `attachments.remove` as pushed by devices (contract/attachments.ts): the owner's edit
 * permission decides, so the handler names none of its own.
 */
export function attachmentMutationHandlers(owners: AttachmentOwners): MutationHandler[] {
  return [
    defineMutation({
      name: 'attachments.remove',
      args: removeAttachmentArgs,
      apply: (write, actor, args) => removeAttachment(write, actor, owners, args.id),
    }),
  ];
}
