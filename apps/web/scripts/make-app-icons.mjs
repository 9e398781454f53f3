// Issue 47 (decision 093): the installable dashboard's icons, drawn from the logo in index.html (a blue rounded
// square with a white key: a ring and a bit) at the sizes browsers ask for — 192 and 512 ("any": the rounded
// square on transparency), a maskable 512 (full bleed, the key inside the 80 % safe circle) and Apple's 180
// touch icon (full bleed, iOS rounds it). No image library: the shapes are measured per pixel (16 samples each)
// and written as PNG with node:zlib. Run `node apps/web/scripts/make-app-icons.mjs`; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const BRAND = [0x25, 0x63, 0xeb]; // #2563eb, the logo's and the manifest's theme colour
const WHITE = [0xff, 0xff, 0xff];
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

/** The logo in its own 32-unit box: the background and the key's strokes (3 units wide, round ends). */
const STROKE = 1.5;
const distToSegment = (px, py, ax, ay, bx, by) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
};
const onKey = (x, y) =>
  Math.abs(Math.hypot(x - 12, y - 16) - 5) <= STROKE ||
  distToSegment(x, y, 17, 16, 26, 16) <= STROKE ||
  distToSegment(x, y, 23, 16, 23, 20) <= STROKE;
const inRoundedSquare = (x, y, r) => {
  const cx = Math.min(Math.max(x, r), 32 - r);
  const cy = Math.min(Math.max(y, r), 32 - r);
  return x >= 0 && x <= 32 && y >= 0 && y <= 32 && Math.hypot(x - cx, y - cy) <= r;
};

/**
 * One icon: `size` pixels; `bleed` fills the whole square with the brand colour (maskable, Apple) instead of
 * the logo's rounded square; `keyScale` shrinks the key around the centre (the maskable safe zone).
 */
function draw(size, { bleed, keyScale }) {
  const pixels = Buffer.alloc(size * size * 4);
  const N = 4;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let background = 0;
      let key = 0;
      for (let sy = 0; sy < N; sy += 1) {
        for (let sx = 0; sx < N; sx += 1) {
          const x = ((px + (sx + 0.5) / N) / size) * 32;
          const y = ((py + (sy + 0.5) / N) / size) * 32;
          const inside = bleed || inRoundedSquare(x, y, 8);
          if (!inside) continue;
          background += 1;
          // The key drawn around the box's centre at keyScale.
          const kx = 16 + (x - 16) / keyScale;
          const ky = 16 + (y - 16) / keyScale;
          if (onKey(kx, ky)) key += 1;
        }
      }
      const alpha = background / (N * N);
      const white = background === 0 ? 0 : key / background;
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c += 1) pixels[i + c] = Math.round(BRAND[c] * (1 - white) + WHITE[c] * white);
      pixels[i + 3] = Math.round(alpha * 255);
    }
  }
  return png(size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** An 8-bit RGBA PNG (no filter per row, deflated). */
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1)
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const ICONS = [
  { file: 'icon-192.png', size: 192, bleed: false, keyScale: 1 },
  { file: 'icon-512.png', size: 512, bleed: false, keyScale: 1 },
  // The maskable safe zone is the centred circle of 80 % of the width: the key (22 of 32 units) fits at 0.8.
  { file: 'icon-maskable-512.png', size: 512, bleed: true, keyScale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, bleed: true, keyScale: 0.9 },
];

mkdirSync(out, { recursive: true });
for (const icon of ICONS) {
  writeFileSync(path.join(out, icon.file), draw(icon.size, icon));
  console.log(`wrote public/icons/${icon.file} (${icon.size}×${icon.size})`);
}
