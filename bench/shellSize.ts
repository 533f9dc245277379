/**
 * Prints the gzip size of what a first visit must download before the app shell can run:
 * the entry chunk, every chunk it imports statically (recursively), their CSS, and the
 * pre-paint boot script. Lazy routes and catalogs are listed apart. Reads Vite's build
 * manifest, so run `npm run build` first (this script builds when dist/ is missing).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  src?: string;
}
type Manifest = Record<string, ManifestChunk>;

const manifestPath = 'dist/.vite/manifest.json';
if (!existsSync(manifestPath)) execFileSync('node_modules/.bin/vite', ['build'], { stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const gzipSize = (file: string) => gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html')) ?? Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

const shell = staticClosure(entryKey);
const files = new Set<string>();
for (const key of shell) {
  const chunk = manifest[key]!;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
}
if (existsSync('dist/boot.js')) files.add('boot.js');

let js = 0;
let css = 0;
for (const file of files) {
  const size = gzipSize(file);
  if (file.endsWith('.css')) css += size;
  else js += size;
  console.log(`  ${file.padEnd(48)} ${kb(size).padStart(9)}`);
}
console.log(`shell initial JS:  ${kb(js)} gzip`);
console.log(`shell initial CSS: ${kb(css)} gzip`);
console.log(`shell initial JS + CSS: ${kb(js + css)} gzip (goal ≤ 130 KB)`);

const lazy = new Set<string>();
for (const key of shell) for (const dyn of manifest[key]?.dynamicImports ?? []) lazy.add(dyn);
console.log('lazy chunks (loaded on demand):');
for (const key of [...lazy].sort()) {
  const chunk = manifest[key];
  if (chunk) console.log(`  ${(chunk.src ?? key).padEnd(48)} ${kb(gzipSize(chunk.file)).padStart(9)}`);
}
