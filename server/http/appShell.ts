import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderCollegePage } from '../colleges/collegePage';

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

/**
 * index.html as the server sends it: rendered for the college of the request's host
 * (server/colleges/collegePage.ts), compressed when asked (brotli or gzip, made once per
 * page and kept in a small cache), with an ETag so a `no-cache` revalidation is a 304. The
 * file is read again when a new build replaces it.
 */
export class AppShell {
  private template: { stamp: string; html: string } | null = null;
  private pages = new Map<string, Page>();

  constructor(private readonly indexPath: string) {}

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const page = await this.page(request);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const etag = encoding === 'identity' ? `"${page.etag}"` : `"${page.etag}-${encoding}"`;
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
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
    const key = college ? JSON.stringify([template.stamp, origin, path, college]) : template.stamp;
    const cached = this.pages.get(key);
    if (cached) {
      // Most recently used last: the first key is the one to drop.
      this.pages.delete(key);
      this.pages.set(key, cached);
      return cached;
    }
    const html = college ? renderCollegePage(template.html, college, { origin, path }) : template.html;
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

  private async currentTemplate(): Promise<{ stamp: string; html: string }> {
    const info = await stat(this.indexPath);
    const stamp = `${info.mtimeMs}:${info.size}`;
    if (this.template?.stamp !== stamp) {
      this.template = { stamp, html: await readFile(this.indexPath, 'utf8') };
      this.pages.clear();
    }
    return this.template;
  }
}
