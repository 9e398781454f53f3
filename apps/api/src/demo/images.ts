// The demo listings' photos, drawn here and encoded as PNG (pngjs): a street view of the house and its living
// room, in each listing's colours. Nothing is downloaded; the same scene always gives the same bytes.
import { PNG } from 'pngjs';
import type { DemoScene } from './data';

type Rgb = readonly [number, number, number];
const WIDTH = 640;
const HEIGHT = 420;

class Canvas {
  readonly png: PNG;

  constructor(
    readonly width = WIDTH,
    readonly height = HEIGHT,
  ) {
    this.png = new PNG({ width, height });
  }

  pixel(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    this.png.data[i] = r;
    this.png.data[i + 1] = g;
    this.png.data[i + 2] = b;
    this.png.data[i + 3] = 255;
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    for (let yy = Math.max(0, Math.round(y)); yy < Math.min(this.height, Math.round(y + h)); yy++) {
      for (let xx = Math.max(0, Math.round(x)); xx < Math.min(this.width, Math.round(x + w)); xx++) {
        this.pixel(xx, yy, color);
      }
    }
  }

  /** A vertical gradient from `top` to `bottom` over the band [y, y + h). */
  gradient(y: number, h: number, top: Rgb, bottom: Rgb): void {
    for (let yy = 0; yy < h; yy++) {
      const t = h <= 1 ? 0 : yy / (h - 1);
      this.rect(0, y + yy, this.width, 1, mix(top, bottom, t));
    }
  }

  /** A triangle (the roof), filled by scanning rows between its edges. */
  triangle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, color: Rgb): void {
    const minY = Math.floor(Math.min(ay, by, cy));
    const maxY = Math.ceil(Math.max(ay, by, cy));
    for (let y = minY; y <= maxY; y++) {
      const xs: number[] = [];
      for (const [x1, y1, x2, y2] of [
        [ax, ay, bx, by],
        [bx, by, cx, cy],
        [cx, cy, ax, ay],
      ] as const) {
        if (y1 === y2) continue;
        if (y >= Math.min(y1, y2) && y <= Math.max(y1, y2)) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
      }
      if (xs.length >= 2) this.rect(Math.min(...xs), y, Math.max(...xs) - Math.min(...xs), 1, color);
    }
  }

  circle(cx: number, cy: number, radius: number, color: Rgb): void {
    this.ellipse(cx, cy, radius, radius, color);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb): void {
    for (let y = -ry; y <= ry; y++) {
      const half = rx * Math.sqrt(Math.max(0, 1 - (y * y) / (ry * ry)));
      this.rect(cx - half, cy + y, half * 2, 1, color);
    }
  }

  encode(): Buffer {
    return PNG.sync.write(this.png, { colorType: 2 });
  }
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as unknown as Rgb;
}

const shade = (c: Rgb, f: number): Rgb =>
  c.map((v) => Math.max(0, Math.min(255, Math.round(v * f)))) as unknown as Rgb;

const GLASS: Rgb = [186, 215, 236];
const WHITE: Rgb = [250, 250, 247];

/** The house from the street: sky, lawn, walls, roof, windows, door, a live oak. */
export function exteriorPhoto(scene: DemoScene): Buffer {
  const c = new Canvas();
  c.gradient(0, 290, [125, 182, 230], [214, 234, 248]);
  c.gradient(290, HEIGHT - 290, [110, 160, 80], [76, 122, 58]);
  c.circle(560, 70, 34, [255, 236, 170]);
  const floors = scene.storeys;
  const floorH = floors === 3 ? 62 : 78;
  const houseW = floors === 3 ? 250 : floors === 1 ? 330 : 300;
  const left = (WIDTH - houseW) / 2 - 30;
  const bottom = 320;
  const top = bottom - floors * floorH;
  c.rect(left + 8, top + 8, houseW, bottom - top, shade(scene.walls, 0.55));
  c.rect(left, top, houseW, bottom - top, scene.walls);
  if (floors === 3) {
    c.rect(left - 6, top - 16, houseW + 12, 16, scene.roof);
  } else {
    c.triangle(left - 24, top, left + houseW + 24, top, left + houseW / 2, top - 86, scene.roof);
  }
  const columns = floors === 1 ? 4 : 3;
  for (let f = 0; f < floors; f++) {
    for (let k = 0; k < columns; k++) {
      const x = left + 28 + k * ((houseW - 56) / columns) + 8;
      const y = top + f * floorH + 16;
      if (f === floors - 1 && k === Math.floor(columns / 2)) continue;
      c.rect(x - 4, y - 4, 50, floorH - 28, WHITE);
      c.rect(x, y, 42, floorH - 36, GLASS);
      c.rect(x + 20, y, 2, floorH - 36, WHITE);
    }
  }
  const doorX = left + 28 + Math.floor(columns / 2) * ((houseW - 56) / columns) + 10;
  c.rect(doorX - 4, bottom - 66, 46, 66, WHITE);
  c.rect(doorX, bottom - 62, 38, 62, scene.door);
  c.circle(doorX + 30, bottom - 30, 3, [230, 190, 90]);
  c.triangle(doorX + 10, bottom, doorX + 28, bottom, doorX + 60, HEIGHT, [204, 196, 180]);
  c.triangle(doorX + 10, bottom, doorX + 60, HEIGHT, doorX - 30, HEIGHT, [204, 196, 180]);
  // A live oak and a few shrubs.
  c.rect(WIDTH - 118, 220, 16, 110, [94, 66, 44]);
  c.circle(WIDTH - 110, 200, 58, [58, 110, 52]);
  c.circle(WIDTH - 140, 225, 36, [70, 125, 60]);
  for (let s = 0; s < 4; s++) c.circle(left + 20 + s * 40, bottom + 6, 16, [64, 118, 56]);
  return c.encode();
}

/** The living room: wall, floorboards, a window with the sky, a sofa, a rug and a lamp. */
export function interiorPhoto(scene: DemoScene): Buffer {
  const c = new Canvas();
  c.rect(0, 0, WIDTH, 290, scene.room);
  c.gradient(290, HEIGHT - 290, scene.floor, shade(scene.floor, 0.8));
  for (let x = 0; x < WIDTH; x += 58) c.rect(x, 290, 2, HEIGHT - 290, shade(scene.floor, 0.7));
  c.rect(0, 284, WIDTH, 8, WHITE);
  c.rect(70, 50, 200, 170, WHITE);
  for (let y = 0; y < 154; y++) c.rect(78, 58 + y, 184, 1, mix([150, 200, 240], [220, 236, 248], y / 153));
  c.rect(168, 58, 4, 154, WHITE);
  c.rect(78, 132, 184, 4, WHITE);
  c.circle(120, 190, 30, [90, 140, 80]);
  // Sofa.
  const sofa = shade(scene.door, 1.25);
  c.rect(330, 190, 250, 70, sofa);
  c.rect(316, 220, 278, 60, shade(sofa, 0.85));
  c.rect(316, 200, 26, 80, shade(sofa, 0.75));
  c.rect(568, 200, 26, 80, shade(sofa, 0.75));
  c.rect(330, 280, 10, 14, [60, 45, 35]);
  c.rect(570, 280, 10, 14, [60, 45, 35]);
  c.rect(360, 200, 50, 34, [240, 226, 190]);
  // Rug, table, lamp, picture.
  c.rect(300, 330, 320, 70, [226, 214, 196]);
  c.rect(390, 300, 150, 14, [120, 84, 56]);
  c.rect(400, 314, 8, 30, [100, 70, 48]);
  c.rect(522, 314, 8, 30, [100, 70, 48]);
  c.rect(60, 250, 6, 40, [70, 70, 70]);
  c.triangle(40, 250, 86, 250, 63, 214, [250, 220, 150]);
  c.rect(380, 70, 150, 90, WHITE);
  c.rect(388, 78, 134, 74, shade(scene.roof, 1.6));
  c.triangle(388, 152, 460, 96, 522, 152, shade(scene.walls, 0.8));
  return c.encode();
}

/** The agency's logo: a white house on a rounded square in the brand colour. */
export function logoImage(brand: Rgb): Buffer {
  const size = 256;
  const c = new Canvas(size, size);
  c.rect(0, 0, size, size, WHITE);
  const r = 40;
  c.rect(r, 0, size - 2 * r, size, brand);
  c.rect(0, r, size, size - 2 * r, brand);
  for (const [x, y] of [
    [r, r],
    [size - r, r],
    [r, size - r],
    [size - r, size - r],
  ] as const) {
    c.circle(x, y, r, brand);
  }
  c.triangle(48, 128, 208, 128, 128, 52, WHITE);
  c.rect(72, 124, 112, 84, WHITE);
  c.rect(114, 156, 28, 52, brand);
  c.rect(160, 64, 20, 44, WHITE);
  return c.encode();
}

/** The agent's portrait: a friendly illustrated head and shoulders. */
export function portraitImage(): Buffer {
  const size = 256;
  const c = new Canvas(size, size);
  c.gradient(0, size, [224, 236, 250], [191, 214, 240]);
  const hair: Rgb = [92, 58, 38];
  const skin: Rgb = [240, 200, 170];
  c.ellipse(128, 262, 100, 72, [30, 58, 95]);
  c.triangle(104, 196, 152, 196, 128, 236, WHITE);
  c.rect(114, 160, 28, 40, shade(skin, 0.92));
  c.ellipse(128, 108, 62, 70, hair);
  c.ellipse(128, 118, 48, 58, skin);
  c.ellipse(128, 70, 52, 24, hair);
  c.circle(110, 118, 5, [60, 45, 40]);
  c.circle(146, 118, 5, [60, 45, 40]);
  c.ellipse(128, 144, 16, 7, [190, 110, 100]);
  c.rect(110, 136, 36, 8, skin);
  return c.encode();
}
