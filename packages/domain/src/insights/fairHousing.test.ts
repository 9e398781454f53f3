// Fair-housing-safe insights (issue 46, decision 090): the documented allowed inputs match the code, facts
// the rules must not read change nothing, and the protected-terms matcher finds the classes without
// catching rooms and colours of kitchens.
import { describe, expect, it } from 'vitest';
import { classifyLead } from './classify';
import {
  ALLOWED_FEATURES,
  ALLOWED_SIGNALS,
  FAIR_HOUSING_TEXTS,
  FORBIDDEN_INPUTS,
  mentionsProtectedClass,
  protectedMentions,
  whyThisClass,
} from './fairHousing';
import { ORDINARY_NOTES, PROTECTED_NOTES } from './fairHousingCorpus';
import { answered } from './fixtures';
import { PREDICTIVE_FEATURES, trainPredictive } from './predictive';
import { leadSignals, type LeadFacts } from './signals';

const now = new Date('2030-03-10T12:00:00Z');
const facts: LeadFacts = {
  bookings: [
    { status: 'completed', starts_at: '2030-03-05T15:00:00Z', created_at: '2030-03-01T10:00:00Z' },
    { status: 'confirmed', starts_at: '2030-03-12T15:00:00Z', created_at: '2030-03-08T10:00:00Z' },
    { status: 'no_show', starts_at: '2030-02-20T15:00:00Z', created_at: '2030-02-18T10:00:00Z' },
  ],
  feedback: [
    {
      rating: 4,
      interest_level: 'very_interested',
      price_opinion: 'fair',
      second_showing: true,
      showing_at: '2030-03-05T15:00:00Z',
      answered_at: '2030-03-05T18:00:00Z',
    },
  ],
  sentiment: { label: 'positive', score: 0.4 },
  last_activity_at: '2030-03-08T10:00:00Z',
};

describe('the allowed inputs', () => {
  it('every predictive feature is documented as allowed, and reads only allowed signals', () => {
    expect(PREDICTIVE_FEATURES.map((f) => f.id).sort()).toEqual(Object.keys(ALLOWED_FEATURES).sort());
    for (const feature of Object.values(ALLOWED_FEATURES)) {
      expect(feature.behaviour).not.toBe('');
      for (const signal of feature.signals) expect(Object.keys(ALLOWED_SIGNALS)).toContain(signal);
    }
  });

  it('leadSignals gives exactly the allowed signals', () => {
    expect(Object.keys(leadSignals(facts, now)).sort()).toEqual(Object.keys(ALLOWED_SIGNALS).sort());
  });

  it('income, budget, ZIP, address and name in the facts change no signal, class or chance', () => {
    const withPersonal = {
      ...facts,
      income: '500000+',
      income_range: '30000-50000',
      budget: 2_000_000,
      budget_min: 100_000,
      budget_max: 150_000,
      zip: '10001',
      address: '1 Main Street, Springfield',
      name: 'Jamal Washington',
      email: 'jamal@example.com',
      bookings: facts.bookings.map((b) => ({ ...b, client_name: 'Jamal', income_range: '30000-50000' })),
    } as LeadFacts;
    const plain = leadSignals(facts, now);
    const personal = leadSignals(withPersonal, now);
    expect(personal).toEqual(plain);
    expect(classifyLead(personal)).toEqual(classifyLead(plain));
    // The model sees signals only: the same signals, the same chance.
    const examples = Array.from({ length: 24 }, (_, i) => ({
      signals: answered({ rating: 1 + (i % 5), showed: i % 3, noShows: i % 2 }),
      won: (i % 5 >= 3 ? 1 : 0) as 0 | 1,
    }));
    const model = trainPredictive(examples);
    expect(model.status).toBe('trained');
    if (model.status === 'trained') expect(model.predict(personal)).toBe(model.predict(plain));
  });

  it('documents what is forbidden', () => {
    expect(FORBIDDEN_INPUTS.map((f) => f.id)).toEqual(
      expect.arrayContaining(['income_range', 'budget', 'address', 'name', 'protected_terms']),
    );
    const documented = [...Object.keys(ALLOWED_SIGNALS), ...Object.keys(ALLOWED_FEATURES)].join(' ');
    expect(documented).not.toMatch(/income|budget|zip|address|name/i);
  });
});

describe('why this class', () => {
  it('the deciding rule and the allowed signals with their values', () => {
    const s = leadSignals(facts, now);
    const why = whyThisClass(s, classifyLead(s));
    expect(why.rule).toBe('Hot: wants a second showing and rated 4+');
    expect(why.signals.map((x) => `${x.label}: ${x.value}`)).toEqual([
      'Latest rating: 4/5',
      'Interest: Very interested',
      'Wants a second showing: yes',
      'Showings attended: 1',
      'No-shows: 1',
      'Showings booked ahead: 1',
      'Feedback answers: 1',
      'Sentiment of their words: positive',
    ]);
    expect(FAIR_HOUSING_TEXTS.neverUsed).toMatch(/income, budget, address and names/i);
  });

  it('no answers yet, no sentiment (Basic)', () => {
    const s = leadSignals({ ...facts, feedback: [], sentiment: null }, now);
    const why = whyThisClass(s, classifyLead(s));
    expect(why.signals.find((x) => x.id === 'rating')?.value).toBe('none yet');
    expect(why.signals.find((x) => x.id === 'secondShowing')?.value).toBe('not asked');
    expect(why.signals.some((x) => x.id === 'sentiment')).toBe(false);
  });
});

describe('mentionsProtectedClass', () => {
  it.each(PROTECTED_NOTES.map((n) => n.text))('finds a protected class: %s', (text) => {
    expect(mentionsProtectedClass(text)).toBe(true);
  });

  it.each(ORDINARY_NOTES)('an ordinary phrase is not one: %s', (text) => {
    expect(mentionsProtectedClass(text)).toBe(false);
  });

  it('names the class and the words, case and accents ignored', () => {
    expect(protectedMentions('NIÑOS y una Mezquita')).toEqual([
      { class: 'religion', term: 'mezquita' },
      { class: 'familial_status', term: 'ninos' },
    ]);
    expect(protectedMentions('family room for the family')).toEqual([
      { class: 'familial_status', term: 'family' },
    ]);
  });

  it('whole words only', () => {
    expect(mentionsProtectedClass('Manhattan views, a mantel and a blackened grill')).toBe(false);
    expect(mentionsProtectedClass('Kidney-shaped pool')).toBe(false);
  });
});
