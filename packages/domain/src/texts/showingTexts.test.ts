// Issue 39: a buyer's text is answered in their language; a showing's texts go to whoever ticked "Text me"
// (the buyer's agent on their own number when they booked for a client), worded for them.
import { describe, expect, it } from 'vitest';
import { textRecipient } from '../listing/buyerAgent';
import { REPLY_TEXTS, REPLY_TEXTS_ES, replyLanguage, replyTextsIn } from './replies';
import { SHOWING_TEXTS, whoseShowing } from './showingTexts';

describe('replyLanguage', () => {
  it('tells Spanish from English by the words; a bare Y, N, digit or emoji tells neither', () => {
    for (const es of ['Sí', 'si claro', 'No puedo ir', '¿Hay estacionamiento?', 'ALTO', 'ayuda', 'gracias'])
      expect(replyLanguage(es), es).toBe('es');
    for (const en of ['Yes', "I can't make it", 'Is there parking?', 'STOP', 'help', 'thanks'])
      expect(replyLanguage(en), en).toBe('en');
    for (const none of ['Y', 'N', '2', '👍', 'no']) expect(replyLanguage(none), none).toBeNull();
  });

  it('answers in the language asked: every answer exists in both', () => {
    expect(replyTextsIn('es')).toBe(REPLY_TEXTS_ES);
    expect(replyTextsIn('en')).toBe(REPLY_TEXTS);
    expect(Object.keys(REPLY_TEXTS_ES).sort()).toEqual(Object.keys(REPLY_TEXTS).sort());
    expect(REPLY_TEXTS_ES.confirmed('mar 8 ene a las 10:00')).toContain('está confirmada');
  });

  it('a request is answered as waiting for whoever decides, never as confirmed', () => {
    const seller = REPLY_TEXTS.awaiting('Tue, Jan 8 10:00 AM', { seller: true });
    expect(seller).toContain("waiting for the seller's answer");
    expect(seller).not.toMatch(/is confirmed/);
    expect(REPLY_TEXTS.awaiting('Tue', { seller: false, agent: 'Dana Lee' })).toContain("Dana Lee's answer");
  });
});

describe("a showing's texts and their recipient", () => {
  const parties = {
    clientName: 'Casey Buyer',
    clientPhone: '+1 646 555 0199',
    buyerAgentName: null as string | null,
    buyerAgentPhone: null as string | null,
  };

  it('the buyer, or the buyer’s agent on their own number when they booked for the client', () => {
    expect(textRecipient(parties)).toEqual({ role: 'buyer', name: 'Casey Buyer', phone: '+1 646 555 0199' });
    const booked = { ...parties, buyerAgentName: 'Lee Broker', buyerAgentPhone: '+1 512 555 0100' };
    expect(textRecipient(booked)).toEqual({
      role: 'buyer_agent',
      name: 'Lee Broker',
      phone: '+1 512 555 0100',
    });
    expect(whoseShowing(textRecipient(booked), 'Casey Buyer')).toBe("Casey Buyer's");
  });

  it('says who declined and ends with the STOP line; the agent’s reply is signed', () => {
    const facts = {
      brand: 'Oak Realty',
      whose: 'your',
      what: '7 Willow Lane',
      at: 'Tue at 10 AM',
      agentName: 'Dana Lee',
      url: 'u',
    };
    expect(SHOWING_TEXTS.declined(facts, 'seller')).toBe(
      'Oak Realty: Your requested viewing of 7 Willow Lane on Tue at 10 AM was declined by the seller. ' +
        'Choose another time: u Reply STOP to opt out.',
    );
    expect(SHOWING_TEXTS.declined(facts)).toContain('declined by Dana Lee.');
    // A declined new time of a confirmed showing: the showing stands, no "choose another time".
    expect(
      SHOWING_TEXTS.declined(facts, 'seller', 'Your showing stays booked for Mon at 9 AM, as before.'),
    ).toBe(
      'Oak Realty: The new time requested for your viewing of 7 Willow Lane, Tue at 10 AM, was declined by ' +
        'the seller. Your showing stays booked for Mon at 9 AM, as before. Reply STOP to opt out.',
    );
    expect(
      SHOWING_TEXTS.agentReply({ agentName: 'Dana Lee', company: null, text: ' Yes ', language: 'en' }),
    ).toBe('Dana Lee: Yes Reply STOP to opt out.');
  });
});
