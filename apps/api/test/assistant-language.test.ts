// The buyer's language as the assistant reads it (issue 31, decision 041): one message at a time.
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../src/modules/assistant/language';

describe('detectLanguage', () => {
  it.each([
    ['Me llamo Casey Buyer, casey@example.com, 512 555 0100', 'es'],
    ['Mi nombre es Casey Buyer', 'es'],
    ['quiero ver la casa el sábado por la mañana', 'es'],
    ['can I see the house on saturday morning', 'en'],
    ['call me tomorrow please', 'en'],
    ['Ich möchte die Wohnung morgen besichtigen', 'other'],
    ['casey@example.com', null],
  ] as const)('%s → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});
