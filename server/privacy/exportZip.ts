import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Storage } from '../storage/storage';
import type { ExportContent } from './exportContent';

/**
 * Where data exports live: `<dataDir>/exports/<college>/<export id>.zip`. The keys are made
 * here from our own ids (never input), and checked before touching the disk.
 */
export class ExportFiles {
  constructor(readonly dataDir: string) {}

  folderOf(collegeId: string): string {
    return join(this.dataDir, 'exports', collegeId.toLowerCase());
  }

  pathOf(collegeId: string, key: string): string | null {
    return exportKeyPattern.test(key) ? join(this.folderOf(collegeId), key) : null;
  }

  /** A document's or attachment's file (server/documents/fileStore.ts keeps them there, one folder per college). */
  documentPathOf(collegeId: string, key: string): string | null {
    return /^[0-9a-f]{64}$/.test(key) ? join(this.dataDir, 'documents', collegeId.toLowerCase(), key) : null;
  }

  async remove(collegeId: string, key: string): Promise<void> {
    const path = this.pathOf(collegeId, key);
    if (path) await rm(path, { force: true });
  }
}

const exportKeyPattern = /^[0-9a-f-]{36}\.zip$/;

export const exportKeyOf = (exportId: string): string => `${exportId.toLowerCase()}.zip`;

/**
 * Writes the zip of `content` with yazl, streaming every file from its disk or storage one
 * after the other (never all of them in memory), to a `.part` file renamed when complete,
 * so a crash never leaves a zip that looks finished. Answers its size in bytes.
 */
export async function writeExportZip(
  files: ExportFiles,
  storage: Storage,
  collegeId: string,
  exportId: string,
  content: ExportContent,
  now: Date,
): Promise<number> {
  const folder = files.folderOf(collegeId);
  await mkdir(folder, { recursive: true });
  const key = exportKeyOf(exportId);
  const path = join(folder, key);
  const part = `${path}.part`;
  const zip = new ZipFile();
  const options = { mtime: now };
  for (const [name, value] of Object.entries(content.json)) {
    zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'), `${name}.json`, options);
  }
  for (const file of content.documentKeys) {
    const source = files.documentPathOf(collegeId, file.key);
    const found = source ? await stat(source).catch(() => null) : null;
    if (source && found?.isFile()) zip.addFile(source, file.name, options);
  }
  if (content.avatarKey) {
    const avatar = await storage.get(content.avatarKey).catch(() => null);
    const ext = /\.([a-z0-9]{2,5})$/.exec(content.avatarKey)?.[1] ?? 'img';
    if (avatar) zip.addReadStream(avatar, `files/avatar.${ext}`, options);
  }
  zip.end();
  try {
    await pipeline(zip.outputStream, createWriteStream(part));
    await rename(part, path);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
  return (await stat(path)).size;
}
