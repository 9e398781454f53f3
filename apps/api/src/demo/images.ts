// The demo's pictures, drawn and encoded as PNG: each listing's living room in its colours (its street view is
// exterior.ts), the agency's logo and the agent's portrait. Nothing is downloaded; the same scene always gives
// the same bytes.
import { Canvas, HEIGHT, mix, shade, WHITE, WIDTH, type Rgb } from './canvas';
import type { DemoScene } from './data';

export { exteriorPhoto } from './exterior';

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
  if (scene.form.mirror) c.flip();
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
