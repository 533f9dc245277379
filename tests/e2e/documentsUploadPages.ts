/**
 * Page objects for the upload stories (docs/features/documents.md): the library's "Upload documents" dialog
 * and the upload queue under it (`/documentos`), what the browser sends of an upload, and
 * the documents over REST. English names, as the fixtures' pages (fixtures.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import type { DocumentRow } from '../../contract/documents';
import { tinyPdf } from '../../server/documents/demoFiles';
import { appStart, expect, type ApiMember } from './fixtures';

export interface FileToUpload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A PDF of about `size` bytes (its type is told by its first bytes; the rest is random). */
export function pdfFile(name: string, size: number): FileToUpload {
  return { name, mimeType: 'application/pdf', buffer: Buffer.concat([tinyPdf(name), randomBytes(size)]) };
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `/documentos`: the "Upload documents" button, its dialog and the queue of this device's uploads. */
export class UploadsPage {
  readonly uploadButton: Locator;
  readonly dialog: Locator;
  /** This device's uploads (the library lists the documents themselves apart). */
  readonly queueList: Locator;

  constructor(
    readonly page: Page,
    private readonly origin = '',
  ) {
    this.uploadButton = page.getByRole('button', { name: 'Upload documents' });
    this.dialog = page.getByRole('dialog', { name: 'Upload documents' });
    this.queueList = page.getByRole('region', { name: 'Uploads' });
  }

  async goto(): Promise<void> {
    await this.page.goto(`${this.origin}/documentos`);
    await expect(this.uploadButton).toBeVisible({ timeout: appStart });
  }

  /** Chooses the files, the first category and the whole school, and adds them to the queue. */
  async queue(...files: FileToUpload[]): Promise<void> {
    await this.uploadButton.click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByLabel('Files').setInputFiles(files);
    await this.dialog.getByLabel('Category').selectOption({ index: 1 });
    await this.dialog.getByRole('button', { name: 'Add to the uploads' }).click();
    await expect(this.dialog).toBeHidden();
  }

  /** A file of the queue (gone once sent). */
  item(name: string): Locator {
    return this.queueList.getByRole('article', { name });
  }

  progress(name: string): Locator {
    return this.queueList.getByRole('progressbar', { name });
  }

  /** Waits until the progress bar shows at least `percent`. */
  async waitForProgress(name: string, percent: number): Promise<void> {
    await expect
      .poll(async () => Number(await this.progress(name).getAttribute('aria-valuenow')), { timeout: 30_000, intervals: [100, 250] })
      .toBeGreaterThanOrEqual(percent);
  }
}

/** The tus requests a browser context sends (all its tabs): creations, and each PATCH's offset. */
export function watchUploads(context: BrowserContext): { creations: () => number; patchOffsets: () => number[] } {
  let creations = 0;
  const offsets: number[] = [];
  context.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/v1/uploads')) return;
    if (request.method() === 'POST') creations++;
    if (request.method() === 'PATCH') offsets.push(Number(request.headers()['upload-offset']));
  });
  return { creations: () => creations, patchOffsets: () => [...offsets] };
}

/** Chromium's network emulation for one tab: its requests' bodies at `bytesPerSecond`. */
export async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
}

/** The documents the server holds, over REST (`/api/v1/documents`), for the college of `host`. */
export class DocumentsApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly host: string,
  ) {}

  private headers(member: ApiMember): Record<string, string> {
    return { Host: this.host, Authorization: `Bearer ${member.token}` };
  }

  /** The live documents named exactly `title` that `member` may read. */
  async titled(member: ApiMember, title: string): Promise<DocumentRow[]> {
    const reply = await this.request.get('/api/v1/documents', { headers: this.headers(member), params: { q: title } });
    expect(reply.status()).toBe(200);
    return ((await reply.json()) as { data: DocumentRow[] }).data.filter((document) => document.title === title);
  }

  async file(member: ApiMember, id: string): Promise<Buffer> {
    const reply = await this.request.get(`/api/v1/documents/${id}/file`, { headers: this.headers(member) });
    expect(reply.status()).toBe(200);
    return reply.body();
  }
}
