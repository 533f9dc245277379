import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import { documentMimeTypes, type DocumentMimeType } from '../../contract/documents';

export interface FileFacts {
  /** The type told by the bytes, when it is one a document may be; else null. */
  mimeType: DocumentMimeType | null;
  /** What the bytes looked like, for the log. */
  detected: string;
  sha256: string;
  size: number;
}

const allowed: ReadonlySet<string> = new Set(documentMimeTypes);

/**
 * Reads a finished upload: its type by its bytes (`file-type`'s signatures, which look
 * inside ZIP containers for the office formats), never by its name; a file with no known
 * signature is plain text when it is valid UTF-8 without NUL bytes. One pass over the file
 * also gives its SHA-256 and size.
 */
export async function inspectFile(path: string): Promise<FileFacts> {
  const sniffed = await fileTypeFromFile(path);
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = sniffed === undefined;
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
    if (text) {
      try {
        decoder.decode(bytes, { stream: true });
        if (bytes.includes(0)) text = false;
      } catch {
        text = false;
      }
    }
  }
  if (text) {
    try {
      decoder.decode();
    } catch {
      text = false;
    }
  }
  const detected = sniffed?.mime ?? (text ? 'text/plain' : 'unknown');
  const mimeType = allowed.has(detected) ? (detected as DocumentMimeType) : null;
  return { mimeType, detected, sha256: hash.digest('hex'), size };
}
