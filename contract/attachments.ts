import { z } from './zod';
import { documentMimeTypes } from './documents';
import { messages } from './messages';
import { text } from './text';

/**
 * Attachments: files of a post or an event (docs/features/documents.md). They are uploaded through
 * the documents' tus endpoint with `kind=attachment`, kept in the same file store, listed in
 * their owner's synced row and read at `/api/v1/attachments/{id}/file` by whoever may see the
 * owner. They are not library documents: no category, no audience of their own. What the
 * screens use without zod is in contract/attachmentFiles.ts.
 */

export const attachmentOwnerKinds = ['post', 'event'] as const;
export type AttachmentOwnerKind = (typeof attachmentOwnerKinds)[number];

/** A post or event has at most this many attachments: the list travels in the owner's row. */
export const maxAttachmentsPerOwner = 20;

/**
 * One attachment as its owner's row lists it (`attachments` of a post or an event), in the
 * order the member picked the files (by id: UUIDv7s the device makes when a file is picked).
 * Images have their size in pixels (as shown, EXIF rotation applied) and the widths of their
 * WebP variants.
 */
export const attachment = z.object({
  id: z.string(),
  /** The file's name as uploaded: shown and offered when saving; never a path. */
  name: z.string(),
  mime_type: z.enum(documentMimeTypes),
  size: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  widths: z.array(z.number().int()).optional(),
  /** An image's text alternative, as its author wrote it (`attachments.describe`); absent when none was written. */
  alt: z.string().optional(),
});
export type Attachment = z.infer<typeof attachment>;

/** The longest text alternative an image may have: a sentence or two, not a caption essay. */
export const maxAltLength = 500;

/** An owner's list; rows stored on a device before attachments existed have none. */
export const attachmentList = z.array(attachment).optional();

/**
 * The tus `Upload-Metadata` of an attachment (each value base64, as tus says): `kind`
 * `attachment`, the owner's kind and id, the file's name, and optionally the attachment's id
 * chosen by the device (a UUIDv7, which orders the list and lets a device that lost the last
 * answer find its attachment), and optionally an image's text alternative written in the form
 * (devices from before it existed send none).
 */
export const attachmentUploadMetadata = z.object({
  kind: z.literal('attachment'),
  owner: z.enum(attachmentOwnerKinds),
  owner_id: z.uuid(),
  filename: text({ max: 255, trim: true, error: messages.documentFileNameRequired }).min(1, { error: messages.documentFileNameRequired }),
  id: z.uuid().optional(),
  alt: text({ max: maxAltLength, trim: true }).optional(),
});
export type AttachmentUploadMetadata = z.infer<typeof attachmentUploadMetadata>;

/** The header of the last tus answer of an attachment's upload: the attachment's id. */
export const attachmentIdHeader = 'Patio-Attachment-Id';

/** `GET /api/v1/attachments/{id}/file`: `w` picks a variant of an image, `inline=1` shows a PDF or an image. */
export const attachmentFileQuery = z.object({
  w: z.coerce.number().int().min(1).max(100_000).optional(),
  inline: z.enum(['0', '1']).optional(),
});

/** Mutation `attachments.remove` and `DELETE /api/v1/attachments/{id}`: whoever may edit the owner. */
export const removeAttachmentArgs = z.object({ id: z.uuid() });

/**
 * Mutation `attachments.describe` and `PUT /api/v1/attachments/{id}/alt`: an image's text
 * alternative, by whoever may edit its owner. Empty (after trimming) takes it off.
 */
export const describeAttachmentArgs = z.object({
  id: z.uuid(),
  alt: text({ max: maxAltLength, trim: true }),
});
export type DescribeAttachmentArgs = z.infer<typeof describeAttachmentArgs>;

export const attachmentMutations = {
  'attachments.remove': removeAttachmentArgs,
  'attachments.describe': describeAttachmentArgs,
} as const;
