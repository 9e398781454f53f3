import { describe, expect, it } from 'vitest';
import { withoutUnusedCustomProperties, withUnusedCustomPropertiesLeftOut } from './unused-css-variables';

// The shape of Tailwind 4's output: the fallback layer, the theme on :root, utilities, @property registrations.
const CSS =
  '@layer properties{@supports ((-webkit-hyphens:none)){*,:before,:after{--tw-shadow:0 0 #0000;--tw-skew-x:initial}}}' +
  '@layer theme{:root{--color-blue-600:#2563eb;--color-red-500:#ef4444;--font-sans:system-ui,sans-serif;' +
  '--default-font-family:var(--font-sans);--color-unread:var(--color-red-500)}}' +
  '@layer base{.kt-tilted{--tw-skew-x:2deg}}' +
  '@layer components;' +
  '@layer utilities{.bg-blue-600{background-color:var(--color-blue-600)}' +
  '.shadow-sm{--tw-shadow:0 1px 2px var(--tw-shadow-color,#0000001a);box-shadow:var(--tw-ring-shadow),var(--tw-shadow)}' +
  '.font-sans{font-family:var(--default-font-family)}}' +
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
  '@property --tw-skew-x{syntax:"*";inherits:false}';

describe('the first screen’s rules without the custom properties nothing reads (issue 48)', () => {
  it('keeps what a declaration reads, directly or through another property, and drops the rest', () => {
    const out = withoutUnusedCustomProperties(CSS, '');
    expect(out).toContain('--color-blue-600:#2563eb');
    // Read through --default-font-family, which .font-sans reads.
    expect(out).toContain('--font-sans:system-ui,sans-serif');
    expect(out).toContain('--default-font-family:var(--font-sans)');
    expect(out).toContain('@property --tw-shadow{');
    expect(out).toContain('@property --tw-ring-shadow{');
    expect(out).toContain('--tw-shadow:0 0 #0000');
    // Nothing reads these.
    expect(out).not.toContain('--color-red-500');
    expect(out).not.toContain('--color-unread');
    expect(out).not.toContain('--tw-skew-x');
    expect(out).not.toContain('kt-tilted');
    // Every layer keeps its place in the cascade: the one left empty, and the statement.
    expect([...out.matchAll(/@layer (\w+)/g)].map((match) => match[1])).toEqual([
      'properties',
      'theme',
      'base',
      'components',
      'utilities',
    ]);
  });

  it('counts what the page’s style attributes read, and keeps a style that does not parse as it is', () => {
    const page = (css: string) =>
      `<html><head><style>${css}</style></head><body><p style="color: var(--color-red-500)">x</p></body></html>`;
    const out = withUnusedCustomPropertiesLeftOut(page(CSS));
    expect(out).toContain('--color-red-500:#ef4444');
    expect(out).not.toContain('--color-unread');
    expect(out).toContain('<p style="color: var(--color-red-500)">x</p>');
    // A <style> whose rules hold "<" (an @property syntax) is still found and cut.
    expect(out).toContain('syntax:"*"');
    // A property another <style> of the page reads stays.
    const twoStyles = page(CSS).replace(
      '</head>',
      '<style>.unread{color:var(--color-unread)}</style></head>',
    );
    const both = withUnusedCustomPropertiesLeftOut(twoStyles);
    expect(both).toContain('--color-unread:var(--color-red-500)');
    expect(both).toContain('.unread{color:var(--color-unread)}');
    // Rules postcss cannot read (an unclosed block) go out as they came, with their unread property.
    const unparsed = page(':root{--kt-never-read:1px}.a{color:red');
    expect(withUnusedCustomPropertiesLeftOut(unparsed)).toBe(unparsed);
  });
});
