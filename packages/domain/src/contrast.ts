// Text on the agent's brand colour must stay readable whatever colour the agent picked (the booking page
// computes it; the feedback and tour views carry it from the server).

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Black or white, whichever contrasts more with `color` (white for anything but a hex colour). */
export function textColorOn(color: string): '#ffffff' | '#0f172a' {
  if (!HEX_COLOR.test(color)) return '#ffffff';
  const full = color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  // WCAG contrast: with white (1.05) / (L + 0.05); with slate-900 (luminance ≈ 0.0086) (L + 0.05) / 0.0586.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0586 ? '#ffffff' : '#0f172a';
}
