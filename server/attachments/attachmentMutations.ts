import { describeAttachmentArgs, removeAttachmentArgs } from '../../contract/attachments';
import { defineMutation, type MutationHandler } from '../sync/mutation';
import { describeAttachment, removeAttachment } from './attachmentService';
import type { AttachmentOwners } from './owners';

/**
 * `attachments.remove` and `attachments.describe` as pushed by devices (contract/attachments.ts): the owner's edit
 * permission decides, so the handler names none of its own.
 */
export function attachmentMutationHandlers(owners: AttachmentOwners): MutationHandler[] {
  return [
    defineMutation({
      name: 'attachments.remove',
      args: removeAttachmentArgs,
      apply: (write, actor, args) => removeAttachment(write, actor, owners, args.id),
    }),
    defineMutation({
      name: 'attachments.describe',
      args: describeAttachmentArgs,
      apply: (write, actor, args) => describeAttachment(write, actor, owners, args.id, args.alt),
    }),
  ];
}
