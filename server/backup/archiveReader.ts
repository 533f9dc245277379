import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { manifestPath, manifestSchema, type Manifest } from './manifest';

/** An archive that cannot be trusted: unreadable, incomplete, or a checksum that differs. */
export class DamagedArchive extends Error {
  override name = 'DamagedArchive';
}

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, autoClose: true }, (error, zip) =>
      error || !zip ? reject(new DamagedArchive(`not a readable zip (${error?.message ?? 'no entries'})`)) : resolve(zip),
    );
  });
}

function streamOf(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(new DamagedArchive(`${entry.fileName}: ${error?.message ?? 'unreadable'}`)) : resolve(stream),
    );
  });
}

/** Calls `onEntry` for each file entry in turn (folders are skipped); rejects on the first error. */
async function eachEntry(file: string, onEntry: (entry: Entry, open: () => Promise<Readable>) => Promise<void>): Promise<void> {
  const zip = await openZip(file);
  await new Promise<void>((resolve, reject) => {
    zip.on('error', (error: Error) => reject(new DamagedArchive(error.message)));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      onEntry(entry, () => streamOf(zip, entry)).then(
        () => zip.readEntry(),
        (error: unknown) => {
          zip.close();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
    zip.readEntry();
  });
}

async function digest(stream: Readable): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Reads the whole archive once and checks it against its manifest: every part the manifest
 * names is there with its size and SHA-256, and nothing else is. Throws DamagedArchive
 * otherwise; writes nothing.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | null = null;
  await eachEntry(file, async (entry, open) => {
    const stream = await open();
    if (entry.fileName === manifestPath) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      manifestText = Buffer.concat(chunks).toString('utf8');
      return;
    }
    try {
      seen.set(entry.fileName, await digest(stream));
    } catch (error) {
      throw new DamagedArchive(`${entry.fileName}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  if (manifestText === null) throw new DamagedArchive(`${manifestPath} is missing: not a Patio backup`);
  let parsed;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(manifestText));
  } catch {
    throw new DamagedArchive(`${manifestPath} is not JSON`);
  }
  if (!parsed.success) throw new DamagedArchive(`${manifestPath} is not a Patio backup manifest`);
  const manifest = parsed.data;
  for (const part of manifest.parts) {
    const found = seen.get(part.path);
    if (!found) throw new DamagedArchive(`${part.path} is missing`);
    if (found.bytes !== part.bytes || found.sha256 !== part.sha256) throw new DamagedArchive(`${part.path}: checksum differs from the manifest`);
    seen.delete(part.path);
  }
  const extra = [...seen.keys()][0];
  if (extra !== undefined) throw new DamagedArchive(`${extra} is not in the manifest`);
  return manifest;
}

/** Writes each part `target(path)` names (null: skip) to that file. The archive was verified first. */
export async function extractParts(file: string, target: (path: string) => string | null): Promise<void> {
  await eachEntry(file, async (entry, open) => {
    const to = target(entry.fileName);
    if (to === null) return;
    await mkdir(dirname(to), { recursive: true });
    await pipeline(await open(), createWriteStream(to, { flags: 'wx' }));
  });
}
