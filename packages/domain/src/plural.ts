// Counts in words (issue 19: "1 baths"): English plural rules through Intl.PluralRules, so 1 takes the
// singular and 0, 1.5 or 2 the plural, wherever a count is written.
// Made on first use, not at import (decision 077: the first Intl object a page makes loads the locale data).
let made: Intl.PluralRules | undefined;
const rules = () => (made ??= new Intl.PluralRules('en-US'));

/** '1 bed', '2 beds', '1.5 baths'. `plural` defaults to the singular with an s. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${rules().select(count) === 'one' ? singular : plural}`;
}

/** A property's rooms as the booking page and the dashboard write them: '1 bed · 1.5 baths'. */
export function roomsLabel(property: { bedrooms: number; bathrooms: number }): string {
  return `${countOf(property.bedrooms, 'bed')} · ${countOf(property.bathrooms, 'bath')}`;
}
