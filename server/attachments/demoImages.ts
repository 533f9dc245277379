import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * The demo posts' photos, drawn here and made into JPEGs by `sharp` (nothing is downloaded).
 * The seed records their size and hash; the documents feature writes the files and their
 * variants when the server starts and finds them missing (the seed has no data folder).
 */
export interface DemoImage {
  /** The file key: fixed per picture, so the seed and every later start agree. */
  key: string;
  name: string;
  width: number;
  height: number;
  svg: string;
}

const keyOf = (name: string) => createHash('sha256').update(`patio demo attachment ${name}`).digest('hex');

const width = 1600;
const height = 1000;

const spineColours = ['#c0392b', '#2e86c1', '#f1c40f', '#27ae60', '#8e44ad', '#e67e22', '#16a085', '#d35400', '#2c3e50', '#f39c12'];

/** Three shelves of books: spines of changing widths and heights, in a fixed pattern. */
function librarySvg(): string {
  const shelves = [280, 600, 920];
  const books = shelves.flatMap((base, row) => {
    const spines: string[] = [];
    for (let x = 90, i = row * 3; x < width - 130; i++) {
      const w = 34 + ((i * 17) % 40);
      const h = 170 + ((i * 29) % 90);
      spines.push(`<rect x="${x}" y="${base - h}" width="${w}" height="${h}" rx="4" fill="${spineColours[i % spineColours.length]}"/>`);
      spines.push(`<rect x="${x + 6}" y="${base - h + 24}" width="${w - 12}" height="10" fill="#fdfefe" opacity="0.7"/>`);
      x += w + 6 + (i % 7 === 0 ? 40 : 0);
    }
    return spines;
  });
  const boards = shelves.map((y) => `<rect x="60" y="${y}" width="${width - 120}" height="26" fill="#7e5109"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="${width}" height="${height}" fill="#f5e6ca"/>
<rect x="40" y="0" width="${width - 80}" height="${height}" fill="#a0652a"/>
<rect x="60" y="0" width="${width - 120}" height="${height}" fill="#f0dcb4"/>
${books.join('\n')}
${boards.join('\n')}
</svg>`;
}

/** A basketball court from above the baseline: wooden floor, key, hoop and ball. */
function basketballSvg(): string {
  const planks = Array.from({ length: 20 }, (_, i) => `<rect x="0" y="${i * 50}" width="${width}" height="48" fill="${i % 2 === 0 ? '#d9a441' : '#cf9836'}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
${planks.join('\n')}
<rect x="540" y="380" width="520" height="620" fill="#1f618d" opacity="0.85"/>
<circle cx="800" cy="380" r="180" fill="none" stroke="#fdfefe" stroke-width="10"/>
<path d="M 120 1000 L 120 520 A 680 680 0 0 1 1480 520 L 1480 1000" fill="none" stroke="#fdfefe" stroke-width="10"/>
<rect x="640" y="60" width="320" height="200" fill="#fdfefe" stroke="#566573" stroke-width="8"/>
<rect x="740" y="140" width="120" height="90" fill="none" stroke="#c0392b" stroke-width="8"/>
<ellipse cx="800" cy="270" rx="70" ry="16" fill="none" stroke="#e67e22" stroke-width="10"/>
<circle cx="1180" cy="700" r="90" fill="#e67e22"/>
<path d="M 1090 700 L 1270 700 M 1180 610 L 1180 790" stroke="#1b2631" stroke-width="6"/>
<path d="M 1116 636 Q 1180 700 1116 764 M 1244 636 Q 1180 700 1244 764" fill="none" stroke="#1b2631" stroke-width="6"/>
</svg>`;
}

export const demoImages = {
  library: { key: keyOf('library'), name: 'biblioteca.jpg', width, height, svg: librarySvg() },
  basketball: { key: keyOf('basketball'), name: 'final-basquetbol.jpg', width, height, svg: basketballSvg() },
} satisfies Record<string, DemoImage>;

const made = new Map<string, Promise<Buffer>>();

/** The picture as a JPEG: drawn once per process (every demo college has the same photos). */
export function demoImageBytes(image: DemoImage): Promise<Buffer> {
  let bytes = made.get(image.key);
  if (!bytes) {
    bytes = sharp(Buffer.from(image.svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    made.set(image.key, bytes);
  }
  return bytes;
}

export function demoImageByKey(key: string): DemoImage | undefined {
  return Object.values(demoImages).find((image) => image.key === key);
}
