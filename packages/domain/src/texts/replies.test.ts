// Issue 33: ≥ 60 real-sounding replies, English and Spanish, and the action each must take.
import { describe, expect, it } from 'vitest';
import { SMS_CONSENT_LABEL, SMS_CONSENT_VERSION, SMS_CONSENT_WORDINGS } from './consent';
import { answerLanguage, classifyReply, REPLY_TEXTS, REPLY_TEXTS_ES, type ReplyContext } from './replies';
import { STOP_LINE } from './showingTexts';

type Row = [body: string, action: string, value?: number, context?: ReplyContext];

const TABLE: Row[] = [
  // yes-like
  ['Y', 'yes'],
  ['y', 'yes'],
  ['Yes', 'yes'],
  ['YES!', 'yes'],
  ['yep', 'yes'],
  ['Yeah', 'yes'],
  ['ok', 'yes'],
  ['Ok.', 'yes'],
  ['okay', 'yes'],
  ['Confirm', 'yes'],
  ['confirmed', 'yes'],
  ['👍', 'yes'],
  ['👍🏽', 'yes'],
  ['✅', 'yes'],
  ['sí', 'yes'],
  ['Si', 'yes'],
  ['Sí, confirmo', 'yes'],
  ['Claro', 'yes'],
  ['yes see you then', 'yes'],
  ["I'll be there", 'yes'],
  ['We will be there at 3', 'yes'],
  ['Sounds good, thanks!', 'yes'],
  ['Ahí estaré', 'yes'],
  ['no problem', 'yes'],
  // no-like
  ['N', 'no'],
  ['n', 'no'],
  ['No', 'no'],
  ['NO.', 'no'],
  ['nope', 'no'],
  ["can't make it", 'no'],
  ['Sorry, I cant make it today', 'no'],
  ["I won't be able to come, something came up", 'no'],
  ['cancel the showing', 'no'],
  ['Please cancel my appointment', 'no'],
  ['Cancel it please', 'no'],
  ['No, sorry we found another place', 'no'],
  ['not going to make it', 'no'],
  ['No puedo', 'no'],
  ['No podré ir', 'no'],
  ['Cancelar la cita por favor', 'no'],
  ['cancela la cita', 'no'],
  // opt-out keywords and sentences
  ['STOP', 'opt_out'],
  ['stop', 'opt_out'],
  ['Stop.', 'opt_out'],
  ['STOPALL', 'opt_out'],
  ['UNSUBSCRIBE', 'opt_out'],
  ['END', 'opt_out'],
  ['quit', 'opt_out'],
  ['REVOKE', 'opt_out'],
  ['OPT OUT', 'opt_out'],
  ['opt-out', 'opt_out'],
  ['CANCEL', 'opt_out'],
  ['cancel', 'opt_out'],
  ['please stop texting me', 'opt_out'],
  ["don't text me anymore", 'opt_out'],
  ['Don’t text me', 'opt_out'],
  ['Do not message me again', 'opt_out'],
  ['remove me from this list', 'opt_out'],
  ['wrong number', 'opt_out'],
  ['no more texts please', 'opt_out'],
  ['alto', 'opt_out'],
  ['BAJA', 'opt_out'],
  ['Cancelar', 'opt_out'],
  ['No me mandes más mensajes', 'opt_out'],
  ['Quiero darme de baja', 'opt_out'],
  ['ya no quiero recibir mensajes', 'opt_out'],
  // opt-in, help
  ['START', 'opt_in'],
  ['start', 'opt_in'],
  ['UNSTOP', 'opt_in'],
  ['HELP', 'help'],
  ['help?', 'help'],
  ['AYUDA', 'help'],
  ['info', 'help'],
  // ratings after a feedback ask
  ['5', 'rating', 5, { feedbackAsked: true }],
  ['4.', 'rating', 4, { feedbackAsked: true }],
  ['1', 'rating', 1, { feedbackAsked: true }],
  ['3 stars', 'rating', 3, { feedbackAsked: true }],
  ['4/5', 'rating', 4, { feedbackAsked: true }],
  ['6', 'other', undefined, { feedbackAsked: true }],
  ['5', 'other'],
  // a number answering "which showing?"
  ['1', 'choice', 1, { pendingChoices: 2 }],
  ['2', 'choice', 2, { pendingChoices: 2 }],
  ['#2', 'choice', 2, { pendingChoices: 3 }],
  ['3', 'other', undefined, { pendingChoices: 2 }],
  ['2', 'choice', 2, { pendingChoices: 2, feedbackAsked: true }],
  // anything else goes to the agent
  ['Is there parking nearby?', 'other'],
  ['Can we come 15 min later?', 'other'],
  ['What is the HOA fee?', 'other'],
  ['¿Hay estacionamiento?', 'other'],
  ['Can I bring my dog', 'other'],
  ['', 'other'],
  ['   ', 'other'],
  ['Yes? what is this about?', 'other'],
];

describe('classifyReply: what each reply does', () => {
  it('has at least 60 rows', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
  });
  it.each(TABLE)('%j → %s', (body, action, value, context) => {
    const got = classifyReply(body, context);
    expect(got.action).toBe(action);
    if (value !== undefined) expect('value' in got ? got.value : undefined).toBe(value);
  });
});

describe('consent wording', () => {
  it('the current version exists and begins with the checkbox label', () => {
    expect(SMS_CONSENT_LABEL).toBe('Text me about this showing');
    expect(SMS_CONSENT_WORDINGS[SMS_CONSENT_VERSION].startsWith(`${SMS_CONSENT_LABEL}. `)).toBe(true);
  });
});

describe('the reply texts from the replies catalogue (issue 43)', () => {
  it('the English answers are the sentences as they were, letter for letter', () => {
    expect(REPLY_TEXTS.confirmed('Tue, Jan 8 10:00 AM EST')).toBe(
      'Thanks — your showing Tue, Jan 8 10:00 AM EST is confirmed.',
    );
    expect(REPLY_TEXTS.awaiting('Tue', { seller: true })).toBe(
      "Thanks — your showing Tue is a request still waiting for the seller's answer; it is not confirmed yet. We will text you when they answer.",
    );
    expect(REPLY_TEXTS.awaiting('Tue', { seller: false, agent: 'Dana Lee' })).toContain(
      "for Dana Lee's answer;",
    );
    expect(REPLY_TEXTS.tooLate('Tue', 1, 'Dana Lee', null)).toBe(
      'Dana Lee takes changes to a showing only up to 1 hour before it starts, so your showing Tue is not cancelled. Call or text Dana Lee to change it.',
    );
    expect(REPLY_TEXTS.tooLate('Tue', 24, 'Dana Lee', '555-0100')).toContain(
      'up to 24 hours before it starts',
    );
    expect(REPLY_TEXTS.tooLate('Tue', 24, 'Dana Lee', '555-0100')).toContain(
      'Call or text Dana Lee at 555-0100 to change it.',
    );
    expect(REPLY_TEXTS.help('Dana Lee', '555-0100')).toBe(
      'Keyturn showing texts for Dana Lee (555-0100). Reply Y to confirm, N to cancel, STOP to stop texts.',
    );
    expect(REPLY_TEXTS.forwarded('Dana Lee', null)).toBe('Thanks, your message was passed to Dana Lee.');
    expect(REPLY_TEXTS.forwarded('Dana Lee', '555-0100')).toBe(
      'Thanks, your message was passed to Dana Lee. To reach them directly call 555-0100.',
    );
    expect(REPLY_TEXTS.which(['Tue 10:00', 'Wed 11:00'])).toBe(
      'Which showing? Reply 1, 2: 1) Tue 10:00; 2) Wed 11:00',
    );
    expect(
      REPLY_TEXTS.showing({
        date: 'Tue, Jan 8',
        time: '10:00 AM',
        zone: 'EST',
        address: '1 Elm St',
        client: 'Casey',
      }),
    ).toBe('Tue, Jan 8 10:00 AM EST at 1 Elm St with Casey');
  });

  it('the Spanish answers say usted, with the same parts filled in', () => {
    expect(REPLY_TEXTS_ES.confirmed('mar, 8 ene')).toBe('Gracias. Su visita del mar, 8 ene está confirmada.');
    expect(REPLY_TEXTS_ES.tooLate('mar', 2, 'Dana Lee', '555-0100')).toContain('solo hasta 2 horas antes');
    expect(REPLY_TEXTS_ES.tooLate('mar', 1, 'Dana Lee', null)).toContain('solo hasta 1 hora antes');
    expect(
      REPLY_TEXTS_ES.showing({
        date: 'mar, 8 ene',
        time: '10:00 a.m.',
        zone: 'EST',
        address: null,
        client: null,
      }),
    ).toBe('mar, 8 ene a las 10:00 a.m. (EST)');
    for (const text of [
      REPLY_TEXTS_ES.optedOut,
      REPLY_TEXTS_ES.optedIn,
      REPLY_TEXTS_ES.noShowing,
      REPLY_TEXTS_ES.help('D', null),
      STOP_LINE.es,
    ])
      expect(text).not.toMatch(/\b(Responde|tu|te|llama)\b/);
  });

  it('answers in Spanish when the buyer wrote Spanish or the booking was made in Spanish', () => {
    expect(answerLanguage('es', null)).toBe('es');
    expect(answerLanguage(null, { locale: 'es' })).toBe('es');
    expect(answerLanguage('en', { locale: 'es' })).toBe('es');
    expect(answerLanguage('en', { locale: 'en' })).toBe('en');
    expect(answerLanguage(null, null)).toBe('en');
  });
});
