// Issue 17: the offline understanding of buyer messages against the hand-written corpus. The accuracy (a
// message counts when every part of its interpretation is right) is printed and must stay at 90 % or more.
import { describe, expect, it } from 'vitest';
import { understand } from '../src/modules/assistant/understand';
import { ALL_CORPUS, CORPUS, corpusAccuracy, expected, interpretation, PROPERTIES } from './assistant/corpus';

describe('assistant understanding (issue 17 corpus)', () => {
  it('the corpus has at least 60 messages', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
  });

  it('understands at least 90 % of the corpus exactly (dates, times, property, purpose, constraints)', () => {
    const misses: string[] = [];
    for (const entry of CORPUS) {
      const got = interpretation(entry);
      const want = expected(entry);
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        misses.push(
          `${entry.today} "${entry.text}"\n   got  ${JSON.stringify(got)}\n   want ${JSON.stringify(want)}`,
        );
      }
    }
    const accuracy = (CORPUS.length - misses.length) / CORPUS.length;
    console.log(
      `assistant corpus: ${CORPUS.length - misses.length}/${CORPUS.length} = ${(accuracy * 100).toFixed(1)} %` +
        (misses.length ? `\n${misses.join('\n')}` : ''),
    );
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('issue 31: at least 300 messages (at least 60 Spanish), two "todays" of their own', () => {
    expect(ALL_CORPUS.length).toBeGreaterThanOrEqual(300);
    expect(ALL_CORPUS.filter((e) => e.category === 'spanish').length).toBeGreaterThanOrEqual(60);
    expect(new Set(ALL_CORPUS.map((e) => e.today))).toEqual(
      new Set(['2030-01-29', '2030-03-07', '2030-02-01', '2030-03-09']),
    );
  });

  it('issue 31: at least 95 % overall and 90 % in every category, printed per category', () => {
    const r = corpusAccuracy();
    const lines = [...r.byCategory].map(
      ([category, c]) =>
        `  ${category}: ${c.correct}/${c.total} = ${((c.correct / c.total) * 100).toFixed(1)} %`,
    );
    console.log(
      `assistant corpus (issue 31): ${r.correct}/${r.total} = ${(r.accuracy * 100).toFixed(1)} %\n${lines.join('\n')}` +
        (r.misses.length ? `\n${r.misses.join('\n')}` : ''),
    );
    expect(r.accuracy).toBeGreaterThanOrEqual(0.95);
    for (const [category, c] of r.byCategory)
      expect(c.correct / c.total, category).toBeGreaterThanOrEqual(0.9);
  });

  it('"next Saturday" and "this weekend" cross the month end', () => {
    expect(understand('next saturday', '2030-01-29', []).dates).toEqual(['2030-02-09']);
    expect(understand('saturday', '2030-01-29', []).dates).toEqual(['2030-02-02']);
    expect(understand('this weekend', '2030-01-29', []).dates).toEqual(['2030-02-02', '2030-02-03']);
  });

  it('similar addresses: "12 Maple" is ambiguous, the street suffix decides', () => {
    expect(understand('12 maple', '2030-01-29', PROPERTIES).propertyIds).toEqual([1, 2]);
    expect(understand('12 maple ave', '2030-01-29', PROPERTIES).propertyIds).toEqual([2]);
  });

  it('reads contact details and the buyer type', () => {
    const u = understand(
      "I'm Casey Buyer, casey@example.com, 646-555-0199, first time buyer",
      '2030-01-29',
      PROPERTIES,
    );
    expect(u).toMatchObject({
      name: 'Casey Buyer',
      email: 'casey@example.com',
      phone: '646-555-0199',
      buyerType: 'first_time_buyer',
      dates: null,
    });
  });
});
