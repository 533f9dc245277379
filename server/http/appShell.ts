import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { dirname, join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { College } from '../../contract/college';
import { renderCollegePage } from '../colleges/collegePage';
import type { CollegeRow } from '../tenancy/collegeDirectory';
import { catalogSource, imagesFor, preloadsFor, preloadTags, readManifest, screenSourcesFor, type ViteManifest } from './preloads';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The best encoding the request accepts, br before gzip before identity (`q=0` refuses one;
 * `*` stands for any encoding not named).
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : 'identity';
}

interface Page {
  etag: string;
  bodies: Partial<Record<ContentEncoding, Promise<Buffer>>>;
  identity: Buffer;
}

/** Enough for every college × public page; an address outside it is rendered again. */
const maxCachedPages = 200;

/** A visitor with a session (src/storage/tokenStorage.ts keeps the token in this cookie too). */
const signedInCookie = /(?:^|;\s*)token=[^;\s]/;

/** The college's public record (`POST /api/colleges/domain`), written into the page. */
export type CollegeRecord = (row: CollegeRow) => Promise<College>;

/**
 * index.html as the server sends it: rendered for the college of the request's host
 * (server/colleges/collegePage.ts) with its record and the hints for the first screen's code
 * (server/http/preloads.ts), compressed when asked (brotli or gzip, made once per page and
 * kept in a small cache), with an ETag so a `no-cache` revalidation is a 304. The file and
 * the build's manifest are read again when a new build replaces index.html.
 */
export class AppShell {
  private template: { stamp: string; html: string; manifest: ViteManifest } | null = null;
  private pages = new Map<string, Page>();

  constructor(
    private readonly indexPath: string,
    private readonly collegeRecord: CollegeRecord,
  ) {}

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const page = await this.page(request);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const etag = encoding === 'identity' ? `"${page.etag}"` : `"${page.etag}-${encoding}"`;
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      // The page names the first screen's code, which depends on the session cookie.
      .header('Vary', 'Accept-Encoding, Cookie')
      .header('ETag', etag);
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      return reply.code(304).send();
    }
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(await this.body(page, encoding));
  }

  private async page(request: FastifyRequest): Promise<Page> {
    const template = await this.currentTemplate();
    const college = request.college;
    const origin = `${request.protocol}://${request.host}`;
    const path = request.url.split('?')[0] ?? '/';
    const signedIn = signedInCookie.test(request.headers.cookie ?? '');
    const record = college ? await this.collegeRecord(college) : null;
    const key = college ? JSON.stringify([template.stamp, origin, path, signedIn, college, record]) : template.stamp;
    const cached = this.pages.get(key);
    if (cached) {
      // Most recently used last: the first key is the one to drop.
      this.pages.delete(key);
      this.pages.set(key, cached);
      return cached;
    }
    let html = template.html;
    if (college && record) {
      const sources = [...screenSourcesFor(path, signedIn), catalogSource(college.language)];
      const code = preloadsFor(template.manifest, sources, (file) => template.html.includes(`/${file}"`));
      const preloads = preloadTags({ ...code, images: imagesFor(path, signedIn, college) });
      html = renderCollegePage(template.html, college, { origin, path }, { record, preloads });
    }
    const identity = Buffer.from(html);
    const page: Page = { identity, etag: createHash('sha256').update(identity).digest('base64url').slice(0, 22), bodies: {} };
    this.pages.set(key, page);
    if (this.pages.size > maxCachedPages) this.pages.delete(this.pages.keys().next().value!);
    return page;
  }

  private body(page: Page, encoding: ContentEncoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(page.identity);
    page.bodies[encoding] ??=
      encoding === 'br'
        ? brotli(page.identity, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: page.identity.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : gzipAsync(page.identity, { level: constants.Z_BEST_COMPRESSION });
    return page.bodies[encoding];
  }

  private async currentTemplate(): Promise<{ stamp: string; html: string; manifest: ViteManifest }> {
    const info = await stat(this.indexPath);
    const stamp = `${info.mtimeMs}:${info.size}`;
    if (this.template?.stamp !== stamp) {
      const [html, manifest] = await Promise.all([readFile(this.indexPath, 'utf8'), readManifest(join(dirname(this.indexPath), '.vite', 'manifest.json'))]);
      this.template = { stamp, html, manifest };
      this.pages.clear();
    }
    return this.template;
  }
}
