import { describe, expect, it } from 'vitest';
import { CLASSIFICATION_RULES, classifyLead } from './classify';
import { answered, signals } from './fixtures';

const ruleOf = (s: Parameters<typeof classifyLead>[0]) => classifyLead(s).rule.id;

describe('lead classification rules (Basic)', () => {
  it('hot-second-showing: wants a second showing and rated 4+ is hot', () => {
    const c = classifyLead(answered({ secondShowing: true, rating: 4 }));
    expect(c).toEqual({
      class: 'hot',
      rule: { id: 'hot-second-showing', text: 'Hot: wants a second showing and rated 4+' },
    });
    // A second showing with a 3 is not enough.
    expect(classifyLead(answered({ secondShowing: true, rating: 3 })).class).toBe('potential');
  });

  it('hot-very-interested: very interested and rated 4+ is hot', () => {
    expect(ruleOf(answered({ interest: 'very_interested', rating: 5, secondShowing: false }))).toBe(
      'hot-very-interested',
    );
    expect(classifyLead(answered({ interest: 'very_interested', rating: 3 })).class).toBe('potential');
  });

  it('cold-not-interested: not interested is cold, whatever the rating', () => {
    expect(classifyLead(answered({ interest: 'not_interested', rating: 4 })).rule.id).toBe(
      'cold-not-interested',
    );
  });

  it('cold-low-rating: a rating of 2 or less is cold', () => {
    expect(ruleOf(answered({ rating: 2 }))).toBe('cold-low-rating');
    expect(ruleOf(answered({ rating: 1, interest: 'very_interested' }))).toBe('cold-low-rating');
    expect(classifyLead(answered({ rating: 3 })).class).toBe('potential');
  });

  it('cold-no-show: missed the showing, never came, nothing ahead is cold', () => {
    expect(ruleOf(signals({ noShows: 1 }))).toBe('cold-no-show');
    // …but not while another showing is booked, or after they did come once.
    expect(ruleOf(signals({ noShows: 1, upcoming: 1 }))).toBe('potential-no-answers');
    expect(ruleOf(signals({ noShows: 1, showed: 1 }))).toBe('potential-no-answers');
  });

  it('potential-interested: interested without the hot conditions is potential', () => {
    expect(ruleOf(answered({ interest: 'somewhat_interested', rating: 5 }))).toBe('potential-interested');
  });

  it('potential-no-answers: a booking without answers is potential', () => {
    expect(classifyLead(signals({ upcoming: 1 }))).toEqual({
      class: 'potential',
      rule: { id: 'potential-no-answers', text: 'Potential: booked, no answers yet' },
    });
  });

  it('the first matching rule wins: hot before cold', () => {
    // Wants a second showing and rated 4 but missed an earlier showing: the answers decide.
    expect(classifyLead(answered({ secondShowing: true, rating: 4, noShows: 1 })).class).toBe('hot');
  });

  it('every rule text starts with its class, so the agent reads the rule as written', () => {
    for (const r of CLASSIFICATION_RULES) {
      expect(r.text.startsWith(`${r.class[0]!.toUpperCase()}${r.class.slice(1)}:`)).toBe(true);
    }
    expect(new Set(CLASSIFICATION_RULES.map((r) => r.id)).size).toBe(CLASSIFICATION_RULES.length);
  });
});
