/**
 * The files of an uploaded OneRoster zip, read with limits a hostile file cannot get past:
 * the number of entries, each name (flat `name.csv`, nothing that climbs out of the folder
 * or names a drive), and the bytes each entry really inflates to — counted as they come out
 * of the inflater, not taken from the header, so a zip bomb stops at the limit whatever its
 * headers claim. yauzl reads the zip (a kept library: zip64, the central directory, CRCs).
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';

export const zipLimits = {
  /** Entries in the zip, folders included: the standard has fifteen files. */
  entries: 64,
  /** Bytes all entries inflate to together: 5,000 users and 20,000 enrollments are a few MB. */
  inflatedBytes: 100 * 1024 * 1024,
};

export type ZipRefusal =
  { code: 'roster.notZip' } | { code: 'roster.unsafeName'; file: string } | { code: 'roster.tooManyFiles' } | { code: 'roster.tooLarge'; file: string };

/** The set's files by base name ("users" for users.csv); other entries are left unread. */
export interface RosterSet {
  files: Map<string, Uint8Array>;
}

class Refused extends Error {
  constructor(readonly refusal: ZipRefusal) {
    super(refusal.code);
  }
}

/** A flat, harmless `name.csv`: no folder, no `..`, no drive, no control character. */
export function safeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 200) return false;
  if (/[\\/:]/.test(name) || [...name].some((c) => c.charCodeAt(0) < 0x20)) return false;
  return name !== '.' && name !== '..';
}

function open(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings off: names are checked here (yauzl's own check throws on the first bad one).
    yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false }, (error, zip) =>
      error || !zip ? reject(new Refused({ code: 'roster.notZip' })) : resolve(zip),
    );
  });
}

function entryName(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  // Bit 11: the name is UTF-8; otherwise CP437, whose printable ASCII half is all a CSV's name needs.
  return (entry.generalPurposeBitFlag & 0x800) !== 0 ? raw.toString('utf8') : raw.toString('latin1');
}

function readEntry(zip: ZipFile, entry: Entry, name: string, budget: { left: number }): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (entry.uncompressedSize > budget.left) return reject(new Refused({ code: 'roster.tooLarge', file: name }));
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new Refused({ code: 'roster.notZip' }));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        budget.left -= chunk.length;
        if (budget.left < 0) {
          stream.destroy();
          reject(new Refused({ code: 'roster.tooLarge', file: name }));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', () => reject(new Refused({ code: 'roster.notZip' })));
      stream.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    });
  });
}

/**
 * The CSV files of a zip. A zip whose files sit in one folder (what "compress this folder"
 * makes) is read as if they did not; any other folder or unsafe name is refused.
 */
export async function readRosterZip(bytes: Buffer): Promise<RosterSet | { refusal: ZipRefusal }> {
  let zip: ZipFile;
  try {
    zip = await open(bytes);
  } catch (error) {
    if (error instanceof Refused) return { refusal: error.refusal };
    throw error;
  }
  if (zip.entryCount > zipLimits.entries) {
    zip.close();
    return { refusal: { code: 'roster.tooManyFiles' } };
  }
  const budget = { left: zipLimits.inflatedBytes };
  const files = new Map<string, Uint8Array>();
  let folder: string | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(new Refused({ code: 'roster.notZip' })));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        const full = entryName(entry);
        const parts = full.split('/');
        const isFolder = full.endsWith('/');
        if (isFolder) parts.pop();
        // `__MACOSX/` is what macOS's Finder adds beside the files: resource forks, never read.
        if (parts[0] === '__MACOSX') return zip.readEntry();
        const unsafe = parts.some((part) => !safeEntryName(part)) || full.startsWith('/') || parts.length > 2;
        if (unsafe) return reject(new Refused({ code: 'roster.unsafeName', file: full }));
        if (parts.length === 2 || isFolder) {
          const top = parts[0]!;
          if (folder !== null && folder !== top) return reject(new Refused({ code: 'roster.unsafeName', file: full }));
          folder = top;
        }
        if (isFolder) return zip.readEntry();
        const base = parts[parts.length - 1]!;
        if (!base.toLowerCase().endsWith('.csv')) return zip.readEntry();
        const name = base.slice(0, -4);
        if (files.has(name)) return reject(new Refused({ code: 'roster.unsafeName', file: full }));
        readEntry(zip, entry, full, budget).then((content) => {
          files.set(name, content);
          zip.readEntry();
        }, reject);
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof Refused) return { refusal: error.refusal };
    return { refusal: { code: 'roster.notZip' } };
  } finally {
    zip.close();
  }
  return { files };
}
