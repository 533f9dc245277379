import { z } from './zod';
import { documentMimeTypes } from './documents';
import { messages } from './messages';
import { text } from './text';

/**
 * Attachments: files of a post or an event (README, "Documents"). They are uploaded through
 * the documents' tus endpoint with `kind=attachment`, kept in the same file store, listed in
 * their owner's synced row and read at `/api/v1/attachments/{id}/file` by whoever may see the
 * owner. They are not library documents: no category, no audience of their own.
 */

export const attachmentOwnerKinds = ['post', 'event'] as const;
export type AttachmentOwnerKind = (typeof attachmentOwnerKinds)[number];

/** The widths images are resized to (WebP), for `srcset`: a phone on a weak network fetches the small one. */
export const attachmentWidths = [320, 640, 1280] as const;

/**
 * The widths an image `width` pixels wide is resized to: the standard ones below it, and its
 * own width when it is narrower than the largest (never upscaled). Every image gets at least
 * one variant, so what the lists show never needs the original (which keeps its metadata).
 */
export function variantWidthsOf(width: number): number[] {
  const below = attachmentWidths.filter((w) => w < width);
  const largest = attachmentWidths[attachmentWidths.length - 1]!;
  return width < largest ? [...below, width] : below;
}

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
});
export type Attachment = z.infer<typeof attachment>;

/** An owner's list; rows stored on a device before attachments existed have none. */
export const attachmentList = z.array(attachment).optional();

/**
 * The cover of a post in the news list: its first image with variants. The first rather than
 * a chosen one: nothing to keep pointing at a removed file, and the order is the author's.
 */
export function coverOf(attachments: readonly Attachment[] | undefined): Attachment | null {
  return attachments?.find((a) => a.widths !== undefined && a.widths.length > 0 && a.width && a.height) ?? null;
}

/** The file of an attachment; `width` asks for the nearest variant at least that wide. */
export function attachmentFileUrl(id: string, width?: number): string {
  const path = `/api/v1/attachments/${encodeURIComponent(id)}/file`;
  return width === undefined ? path : `${path}?w=${width}`;
}

/**
 * The tus `Upload-Metadata` of an attachment (each value base64, as tus says): `kind`
 * `attachment`, the owner's kind and id, the file's name, and optionally the attachment's id
 * chosen by the device (a UUIDv7, which orders the list and lets a device that lost the last
 * answer find its attachment).
 */
export const attachmentUploadMetadata = z.object({
  kind: z.literal('attachment'),
  owner: z.enum(attachmentOwnerKinds),
  owner_id: z.uuid(),
  filename: text({ max: 255, trim: true, error: messages.documentFileNameRequired }).min(1, { error: messages.documentFileNameRequired }),
  id: z.uuid().optional(),
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

export const attachmentMutations = {
  'attachments.remove': removeAttachmentArgs,
} as const;
