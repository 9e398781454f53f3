import { describe, expect, it } from 'vitest';
import { csvText } from './csv';

describe('csvText', () => {
  it('writes a header and CRLF lines, quotes commas, quotes and newlines, and defuses formulas', () => {
    const text = csvText(
      ['a', 'b'],
      [
        ['plain', null],
        ['a, "b"\nc', '=HYPERLINK("x")'],
        ['+1 646 555 0177', 3],
      ],
    );
    expect(text).toBe('a,b\r\nplain,\r\n"a, ""b""\nc","\'=HYPERLINK(""x"")"\r\n"\'+1 646 555 0177",3\r\n');
  });
});
