import { describe, expect, it } from 'vitest';
import { leadFiltersFromSearch, withParam } from './filters';

describe('lead filters in the query string', () => {
  it('reads class, outcome and search; ignores what the schema refuses', () => {
    expect(leadFiltersFromSearch(new URLSearchParams('class=hot&outcome=lost&q=%20casey%20'))).toEqual({
      class: 'hot',
      outcome: 'lost',
      q: 'casey',
    });
    expect(leadFiltersFromSearch(new URLSearchParams('class=lukewarm&outcome=won&q='))).toEqual({});
  });

  it('sets and removes one parameter, keeping the others', () => {
    const next = withParam(new URLSearchParams('class=hot&lead=abc'), 'class', '');
    expect(next.toString()).toBe('lead=abc');
    expect(withParam(next, 'q', 'drew').toString()).toBe('lead=abc&q=drew');
  });
});
