import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { inlineMimeTypes, type DocumentMimeType } from '../../contract/documents';
import { messages } from '../../contract/messages';

/**
 * `Content-Disposition` for a document's name (RFC 6266): an ASCII `filename` for old
 * clients and the exact name as RFC 5987 `filename*`. The name is only ever a header value.
 */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%/]/g, '_').slice(0, 200) || 'document';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export const mayShowInline = (mime: DocumentMimeType): boolean => inlineMimeTypes.includes(mime);

/** The Content-Type a document is served with: text is always UTF-8 (it was checked to be). */
export const servedType = (mime: DocumentMimeType): string => (mime === 'text/plain' ? 'text/plain; charset=utf-8' : mime);

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One range of `Range: bytes=…` (`a-b`, `a-`, `-n`) within a file of `size` bytes; null when
 * the header is absent, not about bytes, malformed or asks for several ranges (answered
 * whole, as RFC 9110 allows), 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** A file as `sendFile` serves it. */
export interface ServedFile {
  path: string;
  /** A strong ETag of the bytes, quoted. */
  etag: string;
  contentType: string;
  disposition: string;
  cacheControl: string;
}

/**
 * Answers with a file on disk: ranges, the ETag with If-None-Match and If-Range, so a large
 * download resumes where it stopped; false when the file is not there (the caller's 404).
 * Never compressed by the route, so byte offsets are the file's.
 */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, file: ServedFile): Promise<FastifyReply | false> {
  const info = await stat(file.path).catch(() => null);
  if (!info?.isFile()) return false;
  const { size } = info;
  const { etag } = file;
  reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Cache-Control', file.cacheControl)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', file.disposition);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || String(ifRange).trim() === etag ? parseRange(request.headers.range, size) : null;
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${size}`).type('application/json').send({ message: messages.rangeNotSatisfiable });
  }
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(createReadStream(file.path, { start: range.start, end: range.end }));
  }
  return reply.header('Content-Length', size).send(createReadStream(file.path));
}
