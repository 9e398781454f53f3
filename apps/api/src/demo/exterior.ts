// Each demo listing's street photo, drawn from its scene (data.ts): the building's form — a detached house with
// a gable, hip or gambrel roof, a row of townhouses, a mid-rise with balconies, a flat-roofed loft block — its
// windows, garage, porch and fence, the tree in front and the light of the hour. No two listings share a form,
// so seven listings are seven different pictures, not one drawing in seven colours.
import { Canvas, GLASS, HEIGHT, mix, shade, WHITE, WIDTH, type Rgb } from './canvas';
import type { DemoForm, DemoScene } from './data';

const GROUND = 322;

const SKIES: Record<DemoForm['sky'], { top: Rgb; bottom: Rgb; sun: Rgb; sunAt: [number, number] }> = {
  noon: { top: [110, 170, 226], bottom: [206, 230, 248], sun: [255, 240, 180], sunAt: [540, 64] },
  morning: { top: [150, 190, 232], bottom: [250, 226, 196], sun: [255, 222, 150], sunAt: [90, 150] },
  evening: { top: [70, 90, 150], bottom: [246, 176, 130], sun: [255, 196, 120], sunAt: [470, 200] },
};

function setting(c: Canvas, form: DemoForm): void {
  const sky = SKIES[form.sky];
  c.gradient(0, GROUND, sky.top, sky.bottom);
  c.circle(sky.sunAt[0], sky.sunAt[1], 30, sky.sun);
  if (form.kind === 'midrise' || form.kind === 'loft') {
    // In town: a sidewalk and the street.
    c.gradient(GROUND, 34, [196, 192, 184], [176, 172, 164]);
    c.gradient(GROUND + 34, HEIGHT - GROUND - 34, [88, 90, 96], [64, 66, 72]);
    for (let x = 20; x < WIDTH; x += 90) c.rect(x, GROUND + 62, 46, 5, [236, 220, 140]);
  } else {
    c.gradient(GROUND, HEIGHT - GROUND, [116, 164, 84], [74, 120, 56]);
  }
}

/** A window of the given style at (x, y), w × h, with its frame. */
function windowAt(c: Canvas, style: DemoForm['windows'], x: number, y: number, w: number, h: number): void {
  c.rect(x - 4, y - 4, w + 8, h + 8, WHITE);
  c.rect(x, y, w, h, GLASS);
  if (style === 'arched') {
    c.ellipse(x + w / 2, y, w / 2 + 4, 14, WHITE);
    c.ellipse(x + w / 2, y + 2, w / 2, 12, GLASS);
  }
  if (style === 'square' || style === 'arched') {
    c.rect(x + w / 2 - 1, y, 2, h, WHITE);
    c.rect(x, y + h / 2 - 1, w, 2, WHITE);
  } else if (style === 'tall') {
    c.rect(x, y + h / 3, w, 2, WHITE);
  } else {
    c.rect(x + w / 3, y, 2, h, WHITE);
    c.rect(x + (2 * w) / 3, y, 2, h, WHITE);
  }
}

const WINDOW_SIZE: Record<DemoForm['windows'], [number, number]> = {
  square: [40, 40],
  tall: [28, 54],
  wide: [64, 34],
  arched: [34, 44],
};

/** A roof face: from the eaves [a, b] at `top` up `rise` pixels to the ridge [c, d]. */
function slope(
  c: Canvas,
  [a, b]: [number, number],
  [ridgeFrom, ridgeTo]: [number, number],
  top: number,
  rise: number,
  color: Rgb,
): void {
  c.quad([a, top], [b, top], [ridgeTo, top - rise], [ridgeFrom, top - rise], color);
}

function roofOver(c: Canvas, form: DemoForm, left: number, right: number, top: number, color: Rgb): void {
  const eave = 20;
  const w = right - left;
  if (form.roof === 'gable') {
    c.triangle(left - eave, top, right + eave, top, left + w / 2, top - Math.min(96, w * 0.36), color);
  } else if (form.roof === 'hip') {
    slope(c, [left - eave, right + eave], [left + w * 0.22, right - w * 0.22], top, 54, color);
  } else if (form.roof === 'gambrel') {
    slope(c, [left - eave, right + eave], [left + w * 0.1, right - w * 0.1], top, 50, color);
    const upper = shade(color, 0.85);
    slope(c, [left + w * 0.1, right - w * 0.1], [left + w * 0.38, left + w * 0.62], top - 50, 34, upper);
  } else {
    c.rect(left - 6, top - 14, w + 12, 14, color);
  }
}

function door(c: Canvas, x: number, color: Rgb): void {
  c.rect(x - 4, GROUND - 66, 44, 66, WHITE);
  c.rect(x, GROUND - 62, 36, 62, color);
  c.circle(x + 28, GROUND - 30, 3, [230, 190, 90]);
}

function house(c: Canvas, scene: DemoScene): void {
  const { form } = scene;
  const floors = scene.storeys;
  const floorH = 80;
  const width = floors === 1 ? 340 : 270;
  const left = form.garage ? 70 : 150;
  const right = left + width;
  const top = GROUND - floors * floorH;
  c.rect(left + 8, top + 8, width, GROUND - top, shade(scene.walls, 0.6));
  c.rect(left, top, width, GROUND - top, scene.walls);
  // Siding lines on a gambrel barn-style house, brick courses on the others' base.
  if (form.roof === 'gambrel') {
    for (let y = top + 12; y < GROUND; y += 12) c.rect(left, y, width, 1, shade(scene.walls, 0.88));
  } else {
    c.rect(left, GROUND - 18, width, 18, shade(scene.walls, 0.8));
  }
  roofOver(c, form, left, right, top, scene.roof);
  if (form.roof === 'gable' && floors > 1) c.rect(right - 70, top - 78, 22, 50, shade(scene.roof, 0.8));
  const [ww, wh] = WINDOW_SIZE[form.windows];
  const columns = Math.max(2, Math.floor((width - 40) / (ww + 36)));
  const doorColumn = Math.floor(columns / 2);
  const step = (width - 40) / columns;
  for (let f = 0; f < floors; f++) {
    for (let k = 0; k < columns; k++) {
      if (f === floors - 1 && k === doorColumn) continue;
      windowAt(c, form.windows, left + 20 + k * step + (step - ww) / 2, top + f * floorH + 18, ww, wh);
    }
  }
  const doorX = left + 20 + doorColumn * step + (step - 36) / 2;
  if (form.porch) {
    c.rect(doorX - 50, GROUND - 92, 136, 10, scene.roof);
    for (const x of [doorX - 44, doorX + 72]) c.rect(x, GROUND - 82, 8, 82, WHITE);
    c.rect(doorX - 56, GROUND - 6, 148, 6, shade(scene.walls, 0.7));
  }
  door(c, doorX, scene.door);
  c.triangle(doorX + 6, GROUND, doorX + 30, GROUND, doorX + 70, HEIGHT, [204, 196, 180]);
  c.triangle(doorX + 6, GROUND, doorX + 70, HEIGHT, doorX - 40, HEIGHT, [204, 196, 180]);
  if (form.garage) {
    const gx = right;
    c.rect(gx, GROUND - 92, 150, 92, shade(scene.walls, 0.92));
    c.triangle(gx - 6, GROUND - 92, gx + 156, GROUND - 92, gx + 75, GROUND - 130, scene.roof);
    c.rect(gx + 18, GROUND - 70, 114, 70, WHITE);
    for (let y = GROUND - 66; y < GROUND; y += 14) c.rect(gx + 22, y, 106, 10, [226, 224, 218]);
    c.quad([gx + 18, GROUND], [gx + 132, GROUND], [gx + 170, HEIGHT], [gx - 10, HEIGHT], [170, 168, 160]);
  }
}

function row(c: Canvas, scene: DemoScene): void {
  const units = 3;
  const unitW = 150;
  const left = 60;
  const floors = Math.max(2, scene.storeys);
  const top = GROUND - floors * 74;
  for (let u = 0; u < units; u++) {
    const x = left + u * unitW;
    const walls = u === 1 ? shade(scene.walls, 0.9) : u === 2 ? mix(scene.walls, WHITE, 0.3) : scene.walls;
    c.rect(x, top, unitW, GROUND - top, walls);
    c.rect(x, top, 3, GROUND - top, shade(walls, 0.7));
    c.triangle(
      x - 8,
      top,
      x + unitW + 8,
      top,
      x + unitW / 2,
      top - 58,
      u === 1 ? shade(scene.roof, 1.2) : scene.roof,
    );
    for (let f = 0; f < floors; f++) {
      if (f === floors - 1) {
        windowAt(c, 'tall', x + 24, top + f * 74 + 14, 28, 54);
        continue;
      }
      windowAt(c, scene.form.windows, x + 24, top + f * 74 + 14, 28, 50);
      windowAt(c, scene.form.windows, x + 96, top + f * 74 + 14, 28, 50);
    }
    door(c, x + 92, u === 1 ? shade(scene.door, 1.4) : scene.door);
    c.rect(x + 82, GROUND - 8, 58, 8, [200, 196, 188]);
  }
}

function midrise(c: Canvas, scene: DemoScene): void {
  const left = 150;
  const width = 300;
  const floors = 6;
  const floorH = 44;
  const top = GROUND - floors * floorH - 20;
  // A neighbour behind, in the haze.
  c.rect(470, top + 60, 120, GROUND - top - 60, mix(scene.walls, [200, 200, 210], 0.6));
  c.rect(left, top, width, GROUND - top, scene.walls);
  c.rect(left + width, top + 8, 10, GROUND - top - 8, shade(scene.walls, 0.6));
  c.rect(left - 6, top - 12, width + 12, 12, scene.roof);
  for (let f = 0; f < floors; f++) {
    const y = top + 14 + f * floorH;
    for (let k = 0; k < 3; k++) {
      const x = left + 18 + k * 96;
      c.rect(x, y, 72, 26, GLASS);
      c.rect(x + 35, y, 2, 26, WHITE);
      // The balcony's rail.
      c.rect(x - 4, y + 26, 80, 4, shade(scene.roof, 1.2));
      for (let r = 0; r < 80; r += 10) c.rect(x - 4 + r, y + 18, 2, 8, shade(scene.roof, 1.2));
    }
  }
  c.rect(left + 110, GROUND - 44, 80, 44, [60, 70, 80]);
  c.rect(left + 114, GROUND - 40, 72, 40, GLASS);
  c.rect(left + 100, GROUND - 52, 100, 8, scene.door);
}

function loft(c: Canvas, scene: DemoScene): void {
  const left = 90;
  const width = 400;
  const floors = 4;
  const floorH = 56;
  const top = GROUND - floors * floorH;
  c.rect(left, top, width, GROUND - top, scene.walls);
  // An offset upper block and a flat roof with its parapet.
  c.rect(left + 220, top - 50, 180, 50, shade(scene.walls, 0.85));
  c.rect(left + 214, top - 58, 192, 8, scene.roof);
  c.rect(left - 6, top - 8, 232, 8, scene.roof);
  for (let f = 0; f < floors; f++) {
    const y = top + 8 + f * floorH;
    c.rect(left + 12, y, width - 24, 38, mix(GLASS, [60, 80, 100], 0.25));
    for (let x = left + 12; x < left + width - 12; x += 62) c.rect(x, y, 3, 38, shade(scene.roof, 1.1));
    c.rect(left, y + 40, width, 8, shade(scene.walls, 0.75));
  }
  c.rect(left + 232, top - 40, 156, 28, mix(GLASS, [60, 80, 100], 0.25));
  c.rect(left + 20, GROUND - 40, 56, 40, scene.door);
}

function tree(c: Canvas, kind: DemoForm['tree']): void {
  const x = WIDTH - 70;
  if (kind === 'oak') {
    c.rect(x - 8, 230, 16, GROUND - 230 + 12, [94, 66, 44]);
    c.circle(x, 200, 56, [58, 110, 52]);
    c.circle(x - 36, 228, 34, [70, 125, 60]);
    c.circle(x + 30, 220, 30, [64, 116, 56]);
  } else if (kind === 'cedar') {
    c.rect(x - 5, GROUND - 40, 10, 52, [90, 64, 44]);
    c.triangle(x - 40, GROUND - 30, x + 40, GROUND - 30, x, 120, [44, 92, 60]);
    c.triangle(x - 30, GROUND - 90, x + 30, GROUND - 90, x, 100, [52, 104, 66]);
  } else if (kind === 'myrtle') {
    for (const dx of [-14, 0, 14]) c.rect(x + dx - 3, GROUND - 90, 6, 100, [140, 110, 96]);
    c.circle(x - 20, GROUND - 110, 30, [214, 92, 150]);
    c.circle(x + 20, GROUND - 116, 32, [226, 110, 164]);
    c.circle(x, GROUND - 140, 30, [204, 84, 140]);
  }
}

function fence(c: Canvas): void {
  for (let x = 0; x < WIDTH; x += 16) {
    c.rect(x, GROUND + 6, 10, 36, WHITE);
    c.triangle(x, GROUND + 6, x + 10, GROUND + 6, x + 5, GROUND - 2, WHITE);
  }
  c.rect(0, GROUND + 14, WIDTH, 4, WHITE);
  c.rect(0, GROUND + 32, WIDTH, 4, WHITE);
}

/** The listing from the street, drawn from its scene. */
export function exteriorPhoto(scene: DemoScene): Buffer {
  const c = new Canvas();
  const { form } = scene;
  setting(c, form);
  if (form.kind === 'row') row(c, scene);
  else if (form.kind === 'midrise') midrise(c, scene);
  else if (form.kind === 'loft') loft(c, scene);
  else house(c, scene);
  tree(c, form.tree);
  if (form.kind === 'house') {
    for (let s = 0; s < 4; s++) c.circle(40 + s * 30, GROUND + 4, 14, [64, 118, 56]);
  }
  if (form.fence) fence(c);
  if (form.mirror) c.flip();
  return c.encode();
}
