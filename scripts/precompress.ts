import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
export const compressibleFile = /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/;

/** Below this a compressed copy saves less than its headers and a lookup cost. */
export const minCompressBytes = 1024;

/** The `.br` and `.gz` copies of one file, at the highest quality (made once, at build). */
export async function precompressFile(path: string): Promise<void> {
  const data = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is useless: the server then sends the file itself.
  if (br.length < data.length) await writeFile(`${path}.br`, br);
  if (gz.length < data.length) await writeFile(`${path}.gz`, gz);
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every compressible file of at least `minCompressBytes` under `dir`. */
export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for await (const path of filesUnder(dir)) {
    if (!compressibleFile.test(path)) continue;
    if ((await stat(path)).size < minCompressBytes) continue;
    await precompressFile(path);
    count++;
  }
  return count;
}

/**
 * Writes `.br` and `.gz` beside the build's text files, for the server's `preCompressed`
 * static files (server/http/staticFiles.ts). It runs after every other `closeBundle`, so the
 * service worker (written by vite-plugin-pwa then) is compressed too; the precache manifest
 * lists no `.br`/`.gz` (its globs end in the original extensions). Source maps are skipped:
 * only developer tools fetch them.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'patio:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = join(config.root, config.build.outDir);
        const count = await precompressDir(outDir);
        config.logger.info(`precompressed ${count} files (br, gzip)`);
      },
    },
  };
}
