import { attachmentIdHeader, type AttachmentUploadMetadata } from '../../contract/attachments';
import type { DocumentMimeType } from '../../contract/documents';
import { uuidv7 } from '../../contract/ids';
import { attach, attachmentToWire, ownerOf } from '../attachments/attachmentService';
import type { AttachmentOwners } from '../attachments/owners';
import type { Database } from '../db/client';
import type { MutationActor } from '../sync/mutation';
import { writeInCollege } from '../sync/writeInCollege';
import type { FileFacts } from './fileType';
import { isResizable, makeVariants, removeVariants, writeVariants } from './imageVariants';

/** The last answer of a finished upload (tus sends it as it is). */
export interface FinishedUpload {
  status_code: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The end of an attachment's upload: an image's variants are written first, so the owner's
 * row lists the attachment with its widths in the same write that records it. A refusal
 * (the owner deleted meanwhile, no longer editable, full) removes the variants; the caller
 * removes the file.
 */
export async function finishAttachment(
  db: Database,
  owners: AttachmentOwners,
  actor: MutationActor,
  upload: { key: string; path: string; metadata: AttachmentUploadMetadata; facts: FileFacts & { mimeType: DocumentMimeType } },
): Promise<FinishedUpload> {
  const { key, path, metadata, facts } = upload;
  const variants = isResizable(facts.mimeType) ? await makeVariants(path) : null;
  const image = variants ? await writeVariants(path, variants) : null;
  try {
    const row = await writeInCollege(db, actor.user.collegeId, (write) =>
      attach(write, actor, ownerOf(owners, metadata.owner), metadata.owner_id, {
        id: metadata.id ?? uuidv7(),
        name: metadata.filename,
        mimeType: facts.mimeType,
        size: facts.size,
        sha256: facts.sha256,
        fileKey: key,
        width: image?.width ?? null,
        height: image?.height ?? null,
        widths: image?.widths ?? [],
        // A text alternative is an image's only: one sent with another file is not kept.
        alt: image && metadata.alt ? metadata.alt : null,
      }),
    );
    return {
      status_code: 200,
      headers: { [attachmentIdHeader]: row.id, 'Content-Type': 'application/json' },
      body: JSON.stringify(attachmentToWire(row)),
    };
  } catch (error) {
    if (image) await removeVariants(path, image.widths);
    throw error;
  }
}
