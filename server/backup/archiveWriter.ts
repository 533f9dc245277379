import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { manifestPath, type Manifest } from './manifest';

/** A part of an archive: where it is read from when its turn comes, and whether to deflate it. */
export interface PartSource {
  path: string;
  file: string;
  /** Off for what is compressed already (the database dumps). */
  compress: boolean;
}

/** Counts and hashes what passes through, for the manifest. */
function hashing(onDone: (bytes: number, sha256: string) => void): Transform {
  const hash = createHash('sha256');
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      onDone(bytes, hash.digest('hex'));
      callback();
    },
  });
}

/**
 * Writes a zip (yazl) of `parts` and, last, `manifest.json`. Each part is opened only when
 * the zip reaches it and hashed as it is written, so the checksum is of the bytes in the
 * archive even if the file changed since it was listed; the manifest is made once every part
 * has passed. Rejects when a part cannot be read or `out` fails.
 */
export async function writeArchive(out: Writable, parts: readonly PartSource[], header: Omit<Manifest, 'parts'>): Promise<void> {
  const zip = new ZipFile();
  const done: Manifest['parts'] = [];
  // A part that cannot be read ends the zip's output with its error, so the pipeline rejects.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  for (const part of parts) {
    zip.addReadStreamLazy(part.path, { compress: part.compress, mtime: new Date(header.created_at) }, (callback) => {
      const source = createReadStream(part.file);
      const hashed = hashing((bytes, sha256) => done.push({ path: part.path, bytes, sha256 }));
      // yazl does not listen for a lazy stream's errors: hand them to the zip's handler.
      source.on('error', (error) => zip.emit('error', error));
      callback(null, source.pipe(hashed));
    });
  }
  zip.addReadStreamLazy(manifestPath, { mtime: new Date(header.created_at) }, (callback) => {
    const manifest: Manifest = { ...header, parts: done };
    callback(null, Readable.from([Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)]));
  });
  zip.end();
  await pipeline(zip.outputStream as Readable, out);
  if (done.length !== parts.length) throw new Error('a part of the archive was not written whole');
}
