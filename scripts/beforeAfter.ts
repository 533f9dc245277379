/**
 * Puts each screenshot of `docs/screenshots/` beside the one an earlier commit had under the
 * same name: `docs/screenshots/before-after/<name>.png`, the earlier one on the left (the
 * "before" of a change to the screens), with an index in that folder's README.
 *
 *   node --import tsx scripts/beforeAfter.ts <commit> [title]
 *
 * Only the pictures the commit had and that differ now are paired; new screens have no before.
 * Desktop pictures are halved so that a pair stays readable on one screen.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const folder = 'docs/screenshots';
const out = path.join(folder, 'before-after');
const [commit, title = 'Before and after'] = process.argv.slice(2);
if (!commit) {
  console.error('usage: node --import tsx scripts/beforeAfter.ts <commit> [title]');
  process.exit(2);
}

const git = (args: string[]): Buffer => execFileSync('git', args, { maxBuffer: 64 * 1024 * 1024 });
const before = new Set(
  git(['ls-tree', '--name-only', commit, `${folder}/`])
    .toString()
    .split('\n')
    .filter((file) => file.endsWith('.png'))
    .map((file) => path.basename(file)),
);

const label = (text: string, width: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="32"><rect width="100%" height="100%" fill="#1f2937"/>` +
      `<text x="12" y="22" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#ffffff">${text}</text></svg>`,
  );

async function side(picture: Buffer, scale: number, caption: string) {
  const image = sharp(picture);
  const { width = 0, height = 0 } = await image.metadata();
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  const resized = await image.resize(w, h).png().toBuffer();
  return {
    w,
    h: h + 32,
    parts: [
      { input: label(caption, w), top: 0 },
      { input: resized, top: 32 },
    ],
  };
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const paired: string[] = [];
for (const name of readdirSync(folder)
  .filter((file) => file.endsWith('.png'))
  .sort()) {
  if (!before.has(name)) continue;
  const now = readFileSync(path.join(folder, name));
  const then = git(['show', `${commit}:${folder}/${name}`]);
  if (now.equals(then)) continue;
  const scale = name.includes('-desktop-') ? 0.5 : 1;
  const [left, right] = [await side(then, scale, 'before'), await side(now, scale, 'after')];
  const gap = 16;
  const width = left.w + gap + right.w;
  const height = Math.max(left.h, right.h);
  await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([...left.parts.map((part) => ({ ...part, left: 0 })), ...right.parts.map((part) => ({ ...part, left: left.w + gap }))])
    .png({ palette: true, colours: 128, compressionLevel: 9 })
    .toFile(path.join(out, name));
  paired.push(name);
}

const short = git(['rev-parse', '--short', commit]).toString().trim();
writeFileSync(
  path.join(out, 'README.md'),
  [
    `# ${title}`,
    '',
    `Each picture of \`docs/screenshots/\` that changed since commit ${short}, the earlier one on the left.`,
    `Made by \`node --import tsx scripts/beforeAfter.ts ${short}\` after \`npm run screenshots\`; desktop pictures at half size.`,
    '',
    ...paired.map((name) => `- [${name.replace(/\.png$/, '')}](${name})`),
    '',
  ].join('\n'),
);
console.log(`${paired.length} pairs in ${out}`);
