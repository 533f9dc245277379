/**
 * Generates the bundled brand images: for each demo college a logo, a hero illustration and
 * its PWA icons (public/colleges/<slug>/), plus the generic Patio icons (public/icons/).
 * Nothing is downloaded: the SVGs are written by hand below and the PNGs come from a tiny
 * anti-aliased rasteriser (shapes are point tests, coverage is supersampled) and PNG encoder.
 * Run: node --import tsx scripts/makeAssets.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

// ---------------------------------------------------------------- PNG encoder

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** Encodes 8-bit RGBA pixels (row-major, width*height*4 bytes) as a PNG file. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type RGBA, deflate, filter 0, no interlace
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter type None
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const idat = deflateSync(raw, { level: 9 });
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

// ---------------------------------------------------------------- shapes (unit square, y down)

type Shape = (x: number, y: number) => boolean;
type Rgb = readonly [number, number, number];

const circle =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const rect =
  (x0: number, y0: number, x1: number, y1: number): Shape =>
  (x, y) =>
    x >= x0 && x <= x1 && y >= y0 && y <= y1;
const roundRect =
  (x0: number, y0: number, x1: number, y1: number, r: number): Shape =>
  (x, y) => {
    const dx = Math.max(x0 + r - x, 0, x - x1 + r);
    const dy = Math.max(y0 + r - y, 0, y - y1 + r);
    return rect(x0, y0, x1, y1)(x, y) && dx * dx + dy * dy <= r * r;
  };
/** Even-odd polygon test with a bounding-box shortcut. */
const polygon = (pts: readonly (readonly [number, number])[]): Shape => {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const box = rect(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
  return (x, y) => {
    if (!box(x, y)) return false;
    let inside = false;
    let [px, py] = pts[pts.length - 1] ?? [0, 0];
    for (const [qx, qy] of pts) {
      if (qy > y !== py > y && x < ((px - qx) * (y - qy)) / (py - qy) + qx) inside = !inside;
      [px, py] = [qx, qy];
    }
    return inside;
  };
};
/** Points within `w` of the segment (x0, y0)-(x1, y1): a stroke with round caps. */
const capsule =
  (x0: number, y0: number, x1: number, y1: number, w: number): Shape =>
  (x, y) => {
    const [dx, dy] = [x1 - x0, y1 - y0];
    const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)));
    return (x - x0 - t * dx) ** 2 + (y - y0 - t * dy) ** 2 <= w * w;
  };
/** The region on or below the curve y = f(x). */
const below =
  (f: (x: number) => number): Shape =>
  (x, y) =>
    y >= f(x);
const union =
  (...s: Shape[]): Shape =>
  (x, y) =>
    s.some((f) => f(x, y));
const meet =
  (...s: Shape[]): Shape =>
  (x, y) =>
    s.every((f) => f(x, y));
const minus =
  (a: Shape, b: Shape): Shape =>
  (x, y) =>
    a(x, y) && !b(x, y);
/** Draws a unit-square shape into the box of side `size` centred on (cx, cy). */
const place =
  (s: Shape, cx: number, cy: number, size: number): Shape =>
  (x, y) =>
    s((x - cx) / size + 0.5, (y - cy) / size + 0.5);
const bump = (base: number, h: number, c: number, w: number) => (x: number) => base - h * Math.exp(-(((x - c) / w) ** 2));

// ---------------------------------------------------------------- emblems (white layers)

type Layer = readonly [Shape, number]; // shape, opacity of white
type Emblem = readonly Layer[];

function crestEmblem(): Emblem {
  const top = 0.28,
    x0 = 0.19,
    x1 = 0.81,
    yc = 0.42,
    w = x1 - x0;
  const shield = meet(rect(x0, top, x1, 1), (x, y) => y <= yc || (circle(x1, yc, w)(x, y) && circle(x0, yc, w)(x, y)));
  const cross = union(rect(0.453, 0, 0.547, 1), rect(0, 0.46, 1, 0.554));
  const crown = union(
    polygon([
      [0.32, 0.215],
      [0.3, 0.08],
      [0.405, 0.14],
      [0.5, 0.05],
      [0.595, 0.14],
      [0.7, 0.08],
      [0.68, 0.215],
    ]),
    circle(0.3, 0.075, 0.03),
    circle(0.5, 0.045, 0.033),
    circle(0.7, 0.075, 0.03),
  );
  return [
    [minus(shield, cross), 1],
    [crown, 1],
  ];
}

function hillsEmblem(): Emblem {
  const disc = circle(0.5, 0.5, 0.43);
  const back = below(bump(0.8, 0.25, 0.7, 0.27));
  const front = below(bump(0.9, 0.25, 0.28, 0.3));
  const gap =
    (s: Shape, d: number): Shape =>
    (x, y) =>
      s(x, y + d);
  const rays = union(
    ...[-150, -120, -90, -60, -30].map((deg) => {
      const [c, s] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
      return capsule(0.5 + 0.2 * c, 0.47 + 0.2 * s, 0.5 + 0.28 * c, 0.47 + 0.28 * s, 0.026);
    }),
  );
  return [
    [minus(union(circle(0.5, 0.47, 0.135), rays), gap(back, 0.04)), 1],
    [meet(disc, minus(back, gap(front, 0.04))), 0.62],
    [meet(disc, front), 1],
  ];
}

function bookEmblem(): Emblem {
  const d = (x: number) => Math.min(Math.abs(x - 0.5) / 0.37, 1);
  const top = (x: number) => 0.34 - 0.08 * Math.sqrt(d(x));
  const bottom = (x: number) => 0.76 - 0.08 * Math.sqrt(d(x));
  const between =
    (x0: number, x1: number, t: number, b: number): Shape =>
    (x, y) =>
      Math.abs(x - 0.5) >= x0 && Math.abs(x - 0.5) <= x1 && y >= top(x) + t && y <= bottom(x) + b;
  const pages = between(0.022, 0.37, 0, 0);
  const lines: Shape = (x, y) => {
    const k = (y - top(x)) / 0.075;
    return Math.abs(x - 0.5) > 0.075 && Math.abs(x - 0.5) < 0.3 && k > 0.6 && k < 4.6 && k % 1 > 0.6 && k % 1 < 0.85;
  };
  const ribbon = polygon([
    [0.465, 0.72],
    [0.535, 0.72],
    [0.535, 0.95],
    [0.5, 0.905],
    [0.465, 0.95],
  ]);
  const ribbonGap = polygon([
    [0.435, 0.7],
    [0.565, 0.7],
    [0.565, 0.99],
    [0.5, 0.935],
    [0.435, 0.99],
  ]);
  const cover = minus(between(0, 0.41, 0.1, 0.06), union(between(0, 0.395, -0.03, 0.028), ribbonGap));
  return [
    [minus(pages, lines), 1],
    [cover, 0.62],
    [ribbon, 1],
  ];
}

function tilesEmblem(): Emblem {
  return [
    [union(roundRect(0.12, 0.12, 0.46, 0.46, 0.09), circle(0.71, 0.29, 0.17), roundRect(0.12, 0.54, 0.46, 0.88, 0.09)), 1],
    [roundRect(0.54, 0.54, 0.88, 0.88, 0.09), 0.6],
  ];
}

// ---------------------------------------------------------------- rasteriser

const SS = 5; // supersampling grid per pixel axis
const hex = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as unknown as Rgb;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => (a[i] ?? 0) * (1 - t) + (b[i] ?? 0) * t) as unknown as Rgb;
const WHITE: Rgb = [1, 1, 1];
const BLACK: Rgb = [0, 0, 0];

class Raster {
  readonly px: Float64Array; // straight RGBA, 0..1
  constructor(readonly size: number) {
    this.px = new Float64Array(size * size * 4);
  }

  /** Composites `colour` over the pixels covered by `shape` (unit coordinates), anti-aliased. */
  fill(shape: Shape, colour: (x: number, y: number) => Rgb, opacity = 1): void {
    const n = this.size;
    for (let py = 0; py < n; py++) {
      for (let px = 0; px < n; px++) {
        let hits = 0;
        for (let j = 0; j < SS; j++) {
          for (let i = 0; i < SS; i++) if (shape((px + (i + 0.5) / SS) / n, (py + (j + 0.5) / SS) / n)) hits++;
        }
        if (hits > 0) this.blend(py * n + px, colour((px + 0.5) / n, (py + 0.5) / n), (opacity * hits) / (SS * SS));
      }
    }
  }

  private blend(i: number, [r, g, b]: Rgb, a: number): void {
    const p = this.px;
    const da = p[i * 4 + 3] ?? 0;
    const oa = a + da * (1 - a);
    const mixC = (src: number, k: number) => (src * a + (p[i * 4 + k] ?? 0) * da * (1 - a)) / oa;
    p.set([mixC(r, 0), mixC(g, 1), mixC(b, 2), oa], i * 4);
  }

  toPng(): Buffer {
    return encodePng(
      this.size,
      this.size,
      Uint8Array.from(this.px, (v) => Math.round(Math.min(1, Math.max(0, v)) * 255)),
    );
  }
}

type IconKind = 'any' | 'maskable' | 'apple';

/** Background in the brand colour (soft top-lit gradient) with the emblem in white. */
export function renderIcon(size: number, colour: string, emblem: Emblem, kind: IconKind): Buffer {
  const base = hex(colour);
  const light = mix(base, WHITE, 0.14);
  const dark = mix(base, BLACK, 0.16);
  const img = new Raster(size);
  const bg = kind === 'any' ? roundRect(0, 0, 1, 1, 0.225) : rect(0, 0, 1, 1);
  img.fill(bg, (_x, y) => mix(light, dark, y));
  const scale = { any: 0.66, maskable: 0.54, apple: 0.64 }[kind];
  for (const [shape, opacity] of emblem) img.fill(place(shape, 0.5, 0.5, scale), () => WHITE, opacity);
  return img.toPng();
}

/**
 * A notification's badge (the small icon in Android's status bar): the emblem alone, white
 * on transparent, since the system draws only its alpha as a silhouette.
 */
export function renderBadge(size: number, emblem: Emblem): Buffer {
  const img = new Raster(size);
  for (const [shape, opacity] of emblem) img.fill(place(shape, 0.5, 0.5, 0.9), () => WHITE, opacity);
  return img.toPng();
}

// ---------------------------------------------------------------- SVG artwork

const svg = (viewBox: string, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" role="img" aria-label="${label}">${body}</svg>\n`;
const grad = (id: string, stops: string[]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`).join('')}</linearGradient>`;
const glow = (id: string, c: string, cx: number, cy: number, r: number, o: number) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"><stop offset="0" stop-color="${c}" stop-opacity="${o}"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;
const windows = (id: string, w: number, h: number, win: string) =>
  `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse">${win}</pattern>`;
/** A rectangle tiled with a window pattern whose first tile starts at its top-left corner. */
const panel = (id: string, x: number, y: number, w: number, h: number, fill = '') =>
  `<rect transform="translate(${x} ${y})" width="${w}" height="${h}" fill="url(#${id})"${fill}/>`;
/** Deterministic pseudo-random numbers so re-running the script gives identical files. */
const rng = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const tree = (x: number, y: number, r: number, c: string) =>
  `<rect x="${x - r / 8}" y="${y}" width="${r / 4}" height="${r * 1.3}" fill="${c}"/><circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>`;

const britishLogo = svg(
  '0 0 64 64',
  "St. George's British School",
  `<defs><clipPath id="british-logo-field"><path d="M17 22h30v14c0 10-7 15-15 19-8-4-15-9-15-19z"/></clipPath></defs>
<path d="M21 15l-1-10 6 4 6-6 6 6 6-4-1 10z" fill="#d9a93b" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/>
<path d="M12 17h40v19c0 13-9 20-20 25-11-5-20-12-20-25z" fill="#1d3a6e" stroke="#fff" stroke-width="2.4" stroke-linejoin="round"/>
<path d="M17 22h30v14c0 10-7 15-15 19-8-4-15-9-15-19z" fill="#fff"/>
<path clip-path="url(#british-logo-field)" fill="#c8102e" d="M29 20h6v40h-6zM14 32h36v6H14z"/>`,
);

const colinasLogo = svg(
  '0 0 64 64',
  'Colegio Las Colinas',
  `<defs>${grad('colinas-logo-sky', ['#e4f4e9', '#fdf3d6'])}<clipPath id="colinas-logo-view"><circle cx="32" cy="32" r="24.5"/></clipPath></defs>
<circle cx="32" cy="32" r="31" fill="#fff"/><circle cx="32" cy="32" r="29" fill="#2f7d4f"/><circle cx="32" cy="32" r="24.5" fill="url(#colinas-logo-sky)"/>
<g clip-path="url(#colinas-logo-view)"><circle cx="38" cy="26" r="7" fill="#f2b53a"/><path d="M29.8 21.2l-2.6-1.5M33.2 17.8l-1.5-2.6M38 16.5v-3M42.8 17.8l1.5-2.6M46.2 21.2l2.6-1.5" stroke="#f2b53a" stroke-width="1.8" stroke-linecap="round"/>

<path d="M4 40c10-9 20-9 30-3s20 1 30-2v27H4z" fill="#8cc79c"/><path d="M2 46c10-8 20-9 30-3s20 2 30-2v21H2z" fill="#4f9d69"/>
<path d="M2 53c12-6 24-4 36 1 8 3 16 2 24-2v10H2z" fill="#2f7d4f"/></g>`,
);

const alianzaLogo = svg(
  '0 0 64 64',
  'Alianza Francesa',
  `<rect x="3" y="3" width="58" height="58" rx="15" fill="#b3261e" stroke="#fff" stroke-width="2.4"/>
<path d="M10 22v25c9-1 16 0 22 3 6-3 13-4 22-3V22c-9-1-16 0-22 3-6-3-13-4-22-3z" fill="#fff" opacity=".45"/>
<path d="M31 21c-5-3-11-4-18-3v25c7-1 13 0 18 3zM33 21c5-3 11-4 18-3v25c-7-1-13 0-18 3z" fill="#fff"/>
<path d="M17 25c4-.4 7 0 10 1.4m-10 4c4-.4 7 0 10 1.4m-10 4c4-.4 7 0 10 1.4M47 25c-4-.4-7 0-10 1.4m10 4c-4-.4-7 0-10 1.4m10 4c-4-.4-7 0-10 1.4" stroke="#b3261e" stroke-opacity=".35" stroke-width="1.4" stroke-linecap="round" fill="none"/>
<path d="M29.5 44h5v15l-2.5-2.6-2.5 2.6z" fill="#2451a6" stroke="#fff" stroke-width="1.2" stroke-linejoin="round"/>`,
);

function britishHero(): string {
  const r = rng(7);
  const stars = Array.from({ length: 40 }, () => `<circle cx="${Math.round(r() * 1600)}" cy="${Math.round(r() * 380)}" r="${(1 + r() * 2).toFixed(1)}"/>`).join(
    '',
  );
  const cols = Array.from({ length: 6 }, (_, i) => `<rect x="${676 + i * 46}" y="512" width="18" height="200" rx="3"/>`).join('');
  return svg(
    '0 0 1600 900',
    "St. George's British School campus",
    `<defs>${grad('british-hero-sky', ['#0c1c3d', '#1d3a6e', '#4a6aa3', '#e8c98b'])}
${glow('british-hero-glow', '#b9cdf0', 0.72, 0.26, 0.45, 0.4)}${windows('british-hero-win', 48, 56, '<rect x="15" y="12" width="18" height="28" rx="9" fill="#f6d58e" opacity=".85"/>')}</defs>
<rect width="1600" height="900" fill="url(#british-hero-sky)"/><rect width="1600" height="900" fill="url(#british-hero-glow)"/>
<g fill="#fff" opacity=".55">${stars}</g><circle cx="1170" cy="230" r="56" fill="#fbe9bd"/>
<path d="M0 620c200-50 420-40 620-8s380 10 560-14 300-6 420 10v292H0z" fill="#2a4a86" opacity=".75"/>
<g fill="#132a54"><path d="M440 570h280v170H440zM880 570h280v170H880z"/><path d="M430 570l70-40h220v40zM1170 570l-70-40H880v40z"/>
<path d="M650 500h300v240H650zM630 505l170-85 170 85z"/><path d="M768 300h64v130h-64zM756 304l44-90 44 90z"/></g>
<circle cx="800" cy="356" r="19" fill="#f6d58e"/><path d="M800 344v12l8 6" stroke="#132a54" stroke-width="3" fill="none" stroke-linecap="round"/>
<g fill="#2d4d86">${cols}</g><path d="M778 740v-72a22 22 0 0 1 44 0v72z" fill="#f6d58e" opacity=".9"/>
${panel('british-hero-win', 450, 584, 192, 168)}${panel('british-hero-win', 958, 584, 192, 168)}
<path d="M0 760c300-44 560-40 800-22s500 0 800-26v188H0z" fill="#0e1f40"/><path d="M776 740h48l96 160H680z" fill="#2a4a86"/>
<g>${tree(300, 690, 60, '#0b1a38')}${tree(190, 720, 44, '#0b1a38')}${tree(1300, 690, 64, '#0b1a38')}${tree(1430, 716, 46, '#0b1a38')}</g>`,
  );
}

function colinasHero(): string {
  const cloud = (x: number, y: number, s: number) =>
    `<path transform="translate(${x} ${y}) scale(${s})" d="M0 40a30 30 0 0 1 40-28 44 44 0 0 1 80 6 26 26 0 0 1 30 22z"/>`;
  return svg(
    '0 0 1600 900',
    'Colegio Las Colinas hills',
    `<defs>${grad('colinas-hero-sky', ['#dff1e5', '#f4f9ec', '#fff4d6'])}${glow('colinas-hero-sun', '#f6c453', 0.74, 0.3, 0.35, 0.5)}
${windows('colinas-hero-win', 30, 34, '<rect x="9" y="8" width="12" height="16" rx="2" fill="#2f7d4f"/>')}</defs>
<rect width="1600" height="900" fill="url(#colinas-hero-sky)"/><rect width="1600" height="900" fill="url(#colinas-hero-sun)"/>
<circle cx="1180" cy="260" r="88" fill="#f6c453"/><g fill="#fff" opacity=".85">${cloud(220, 170, 1.3)}${cloud(620, 110, 0.9)}${cloud(1380, 150, 1.1)}</g>
<path d="M0 520c220-90 420-70 640 0s420-80 640-50 240 40 320 30v400H0z" fill="#b9dfc4"/>
<path d="M0 600c260-80 520-40 760 10s440-70 840-20v310H0z" fill="#84c296"/>
<g transform="translate(430 470)"><path d="M0 70h200v90H0z" fill="#fdfbf5"/><path d="M-14 74L100 14l114 60z" fill="#1f5c39"/><path d="M84 14V-30h32v44z" fill="#fdfbf5"/>
<path d="M78-30l22-26 22 26z" fill="#1f5c39"/><circle cx="100" cy="-8" r="7" fill="#f6c453"/>${panel('colinas-hero-win', 16, 86, 60, 68)}${panel('colinas-hero-win', 124, 86, 60, 68)}<path d="M86 160v-40a14 14 0 0 1 28 0v40z" fill="#1f5c39"/></g>
<path d="M0 690c300-80 600-40 880 10s500-60 720-20v220H0z" fill="#4f9d69"/>
<path d="M530 630c-20 60 140 80 90 150s-260 60-240 120" stroke="#f3e7c4" stroke-width="18" fill="none" stroke-linecap="round" opacity=".85"/>
<g>${tree(260, 640, 34, '#2f7d4f')}${tree(330, 660, 26, '#3d8f5e')}${tree(1040, 660, 38, '#2f7d4f')}${tree(1120, 676, 28, '#3d8f5e')}${tree(1220, 650, 32, '#2f7d4f')}</g>
<path d="M0 790c360-70 720-50 1000 0s420-30 600-10v120H0z" fill="#2f7d4f"/><path d="M0 860c400-40 900-30 1600-10v50H0z" fill="#1f5c39"/>`,
  );
}

function alianzaHero(): string {
  const widths = [150, 190, 160, 210, 170, 200, 180, 160, 190];
  let x = -30;
  const blocks = widths.map((w, i) => {
    const h = 200 + ((i * 71) % 130),
      y = 780 - h,
      tone = ['#b3261e', '#c44236', '#9c1f18'][i % 3] ?? '';
    const cols = Math.floor((w - 16) / 40),
      rows = Math.floor((h - 30) / 64);
    const b = `<path d="M${x} ${y}h${w}v${h}H${x}z" fill="${tone}"/><path d="M${x + 6} ${y}l18-46h${w - 48}l18 46z" fill="#7f1a14"/>${panel('alianza-hero-win', x + (w - cols * 40) / 2, y + 16, cols * 40, rows * 64)}`;
    x += w + 8;
    return b;
  });
  const wave = (dy: number, c: string) =>
    `<path d="M-40 ${230 + dy}C300 ${110 + dy} 600 ${330 + dy} 900 ${200 + dy}S1400 ${70 + dy} 1660 ${150 + dy}" stroke="${c}" stroke-width="30" fill="none"/>`;
  return svg(
    '0 0 1600 900',
    'Alianza Francesa',
    `<defs>${grad('alianza-hero-sky', ['#fdf1ec', '#fae0d8', '#f3c2b8'])}${glow('alianza-hero-sun', '#fff7ee', 0.3, 0.35, 0.4, 0.9)}
${windows('alianza-hero-win', 40, 64, '<path d="M12 50V22a8 8 0 0 1 16 0v28z" fill="#fde8d0" opacity=".9"/>')}</defs>
<rect width="1600" height="900" fill="url(#alianza-hero-sky)"/><rect width="1600" height="900" fill="url(#alianza-hero-sun)"/>
<g opacity=".9">${wave(0, '#2451a6')}${wave(30, '#fff')}${wave(60, '#b3261e')}</g>
<g fill="#d9877e"><path d="M1230 720q32-160 56-300l6-120 8-60 8 60 6 120q24 140 56 300h-30q-40-90-80 0z"/><path d="M1262 560h76v12h-76zM1280 416h40v10h-40z"/></g>
<path d="M0 640c300-40 600-30 900-10s500 10 700-10v280H0z" fill="#e8a49a" opacity=".6"/>
${blocks.join('')}<path d="M0 772h1600v128H0z" fill="#7f1a14"/><path d="M0 772h1600v10H0z" fill="#5e120e"/>`,
  );
}

// ---------------------------------------------------------------- output

interface College {
  slug: string;
  colour: string;
  emblem: () => Emblem;
  logo: string;
  hero: () => string;
}

export const colleges: readonly College[] = [
  { slug: 'british', colour: '#1d3a6e', emblem: crestEmblem, logo: britishLogo, hero: britishHero },
  { slug: 'colinas', colour: '#2f7d4f', emblem: hillsEmblem, logo: colinasLogo, hero: colinasHero },
  { slug: 'alianza', colour: '#b3261e', emblem: bookEmblem, logo: alianzaLogo, hero: alianzaHero },
];

function write(path: string, data: string | Buffer): void {
  mkdirSync(dirname(join(publicDir, path)), { recursive: true });
  writeFileSync(join(publicDir, path), data);
  console.log(`${path.padEnd(42)} ${String(Buffer.byteLength(data)).padStart(7)} B`);
}

export function main(): void {
  for (const c of colleges) {
    const dir = `colleges/${c.slug}`;
    const emblem = c.emblem();
    write(`${dir}/logo.svg`, c.logo);
    write(`${dir}/hero.svg`, c.hero());
    write(`${dir}/icon-192.png`, renderIcon(192, c.colour, emblem, 'any'));
    write(`${dir}/icon-512.png`, renderIcon(512, c.colour, emblem, 'any'));
    write(`${dir}/icon-maskable-512.png`, renderIcon(512, c.colour, emblem, 'maskable'));
    write(`${dir}/apple-touch-icon.png`, renderIcon(180, c.colour, emblem, 'apple'));
  }
  const patio = tilesEmblem();
  write('icons/patio-192.png', renderIcon(192, '#0f766e', patio, 'any'));
  write('icons/patio-512.png', renderIcon(512, '#0f766e', patio, 'any'));
  write('icons/patio-maskable-512.png', renderIcon(512, '#0f766e', patio, 'maskable'));
  write('icons/patio-badge-96.png', renderBadge(96, patio));
}

main();
