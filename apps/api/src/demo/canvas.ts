// The pixel canvas the demo's pictures are drawn on (pngjs): rectangles, gradients, triangles, ellipses,
// quadrilaterals, a horizontal flip, and PNG encoding. Nothing is downloaded; the same drawing gives the same bytes.
import { PNG } from 'pngjs';

export type Rgb = readonly [number, number, number];
export const WIDTH = 640;
export const HEIGHT = 420;

export class Canvas {
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

  /** A four-cornered shape (hip and gambrel roofs, balconies seen at an angle): two triangles. */
  quad(
    [ax, ay]: [number, number],
    [bx, by]: [number, number],
    [cx, cy]: [number, number],
    [dx, dy]: [number, number],
    color: Rgb,
  ): void {
    this.triangle(ax, ay, bx, by, cx, cy, color);
    this.triangle(ax, ay, cx, cy, dx, dy, color);
  }

  /** Mirrors the picture left to right (the same scene seen from the other side of the street). */
  flip(): void {
    const { data } = this.png;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width / 2; x++) {
        const a = (y * this.width + x) * 4;
        const b = (y * this.width + (this.width - 1 - x)) * 4;
        for (let k = 0; k < 4; k++) {
          const t = data[a + k]!;
          data[a + k] = data[b + k]!;
          data[b + k] = t;
        }
      }
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

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as unknown as Rgb;
}

export const shade = (c: Rgb, f: number): Rgb =>
  c.map((v) => Math.max(0, Math.min(255, Math.round(v * f)))) as unknown as Rgb;

export const GLASS: Rgb = [186, 215, 236];
export const WHITE: Rgb = [250, 250, 247];
