// Both languages say the same things (issue 43): every area has the same keys in English and Spanish, each
// message parses as ICU MessageFormat, and a message's placeholders (names, plural and select arguments) are
// the same in both — a translation that drops or misspells one would show a raw brace or lose the value.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { AREAS, CATALOGUES } from './catalogues';

/** The argument names a compiled message uses, sorted (plural and select branches searched too). */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node === 'string') return;
    if (Array.isArray(node)) {
      if (
        node.length >= 1 &&
        typeof node[0] === 'string' &&
        (node.length === 1 || typeof node[1] === 'string')
      ) {
        // A token: [name] or [name, type, options?]; a plain text array is handled by the loop below.
        if (
          node.length === 1 ||
          ['plural', 'select', 'selectordinal', 'number', 'date', 'time'].includes(node[1] as string)
        ) {
          names.add(node[0] as string);
          if (node[2] && typeof node[2] === 'object')
            // A branch is a list of parts (text and tokens), not a token itself: ["visita"] is text.
            for (const branch of Object.values(node[2]))
              if (Array.isArray(branch)) for (const part of branch) walk(part);
          return;
        }
      }
      for (const part of node) walk(part);
    }
  };
  const compiled = compileMessage(message);
  if (Array.isArray(compiled)) for (const part of compiled) walk(part);
  return [...names].sort();
}

describe('the catalogues', () => {
  for (const area of AREAS) {
    it(`${area}: the same keys in English and Spanish`, () => {
      expect(Object.keys(CATALOGUES.es[area]).sort()).toEqual(Object.keys(CATALOGUES.en[area]).sort());
    });

    it(`${area}: every message parses, with the same placeholders in both languages`, () => {
      for (const [key, english] of Object.entries(CATALOGUES.en[area])) {
        const spanish = CATALOGUES.es[area][key] ?? '';
        expect(spanish.trim(), `${area}.${key} has no Spanish`).not.toBe('');
        expect(placeholders(spanish), `${area}.${key}`).toEqual(placeholders(english));
      }
    });
  }

  it('finds the placeholders of a plural and of a plain message', () => {
    expect(placeholders('{count, plural, one {# visit with {name}} other {# visits}}')).toEqual([
      'count',
      'name',
    ]);
    expect(placeholders('Hi {name}, see you at {time}')).toEqual(['name', 'time']);
    expect(placeholders("You're booked")).toEqual([]);
  });
});
