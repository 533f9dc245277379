import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from '../../contract/ids';
import { tinyPdf } from '../../server/documents/demoFiles';
import type { CollegeRefs } from './syncHelpers';

export { tinyPdf };

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Listens on loopback; the address to send to, whatever the Host header says. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** One HTTP request to loopback with any Host header, bounded to 10 s. */
export function send(base: string, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends a PATCH whose body stops after `sent` bytes of the `declared` it announced, then
 * drops the connection: a network cut in the middle of a chunk. Resolves once the socket is
 * closed.
 */
export function abortedPatch(base: string, path: string, headers: Record<string, string>, partial: Buffer, declared: number): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest(`${base}${path}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'content-length': String(declared) },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(partial, () => setTimeout(() => req.destroy(), 100));
  });
}

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

export function uploadMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');
}

/** `Upload-Metadata` of a document for the named sections (none: the whole college). */
export function documentMetadata(refs: CollegeRefs, categoryId: string, filename: string, sectionNames: string[] = [], scope = 'college', id = uuidv7()) {
  const sectionIds = sectionNames.map(refs.sectionId);
  const gradeIds = [...new Set(sectionIds.map(refs.gradeIdOf))];
  const audience = { course_ids: [...new Set(gradeIds.map(refs.courseIdOf))], grade_ids: gradeIds, section_ids: sectionIds, scope };
  return { id, header: uploadMetadata({ filename, category_id: categoryId, audience: JSON.stringify(audience), id }) };
}

/** `Upload-Metadata` of an attachment of a post or an event. */
export function attachmentMetadata(owner: string, ownerId: string, filename: string, id = uuidv7()) {
  return { id, header: uploadMetadata({ kind: 'attachment', owner, owner_id: ownerId, filename, id }) };
}

const tus = { 'tus-resumable': '1.0.0' };

/** Creates an upload (tus creation); the upload's path. */
export async function createUpload(base: string, headers: Record<string, string>, size: number, metadata: string): Promise<Answer & { path: string }> {
  const answer = await send(base, 'POST', '/api/v1/uploads', { ...tus, ...headers, 'upload-length': String(size), 'upload-metadata': metadata });
  return { ...answer, path: answer.headers.location ?? '' };
}

export function patchUpload(base: string, path: string, headers: Record<string, string>, offset: number, chunk: Buffer): Promise<Answer> {
  return send(base, 'PATCH', path, { ...tus, ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, chunk);
}

export function headUpload(base: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return send(base, 'HEAD', path, { ...tus, ...headers });
}

/** A whole upload in chunks of `chunkSize`; the last answer (the document's, when accepted). */
export async function uploadAll(base: string, headers: Record<string, string>, bytes: Buffer, metadata: string, chunkSize = 64 * 1024): Promise<Answer> {
  const created = await createUpload(base, headers, bytes.length, metadata);
  if (created.status !== 201) return created;
  let last: Answer = created;
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    last = await patchUpload(base, created.path, headers, offset, bytes.subarray(offset, offset + chunkSize));
    if (last.status >= 300) return last;
  }
  return last;
}
