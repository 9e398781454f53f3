// Issue 33: what a buyer's text reply asks for. Shared by the API (the provider's inbound webhook acts on it)
// and its tests. Pure: no clock, no storage.
//
// CANCEL vs "cancel the showing" (decision 055): carriers and the provider treat a bare `CANCEL` as an opt-out
// keyword and stop delivering our texts whatever we do, so a message that is only the word CANCEL (any case,
// punctuation ignored) is an opt-out here too. "cancel the showing", "cancel my appointment", "please cancel it",
// "cancelar la cita" — CANCEL with an object — is no-like: the showing is cancelled and texts go on.

import english from '../i18n/en/replies.json' with { type: 'json' };
import spanish from '../i18n/es/replies.json' with { type: 'json' };
import { filledText } from '../i18n/english';

export const REPLY_ACTIONS = ['yes', 'no', 'opt_out', 'opt_in', 'help', 'rating', 'choice', 'other'] as const;
export type ReplyAction = (typeof REPLY_ACTIONS)[number];

export type ReplyClass =
  | { action: 'yes' | 'no' | 'opt_out' | 'opt_in' | 'help' | 'other' }
  /** A digit 1–5 after a feedback ask: the rating. */
  | { action: 'rating'; value: number }
  /** A number answering "which showing?" (1–9). */
  | { action: 'choice'; value: number };

/** What the classifier knows of the conversation: the question last asked of this number, if any. */
export type ReplyContext = {
  /** Our last text to the number asked "which showing?" with this many numbered choices. */
  pendingChoices?: number;
  /** Our last text to the number was a feedback ask ("Reply 1–5"). */
  feedbackAsked?: boolean;
};

/** The carriers' opt-out keywords (CTIA) plus the ones the issue names; the whole message, any case. */
const OPT_OUT_KEYWORDS = new Set([
  'STOP',
  'STOPALL',
  'STOP ALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPT OUT',
  'OPTOUT',
  'OPT-OUT',
  'ALTO',
  'BAJA',
  'PARAR',
  'DETENER',
  'CANCELAR',
]);
const OPT_IN_KEYWORDS = new Set(['START', 'UNSTOP', 'OPT IN', 'OPTIN', 'SUBSCRIBE', 'RESUME', 'ALTA']);
const HELP_KEYWORDS = new Set(['HELP', 'INFO', 'AYUDA']);

/**
 * The keywords the provider itself acts on and confirms (Twilio's default opt-out and opt-in handling): we
 * record them, but send no answer of our own — the provider has, and blocks texts to an opted-out number.
 */
const PROVIDER_KEYWORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'START',
  'UNSTOP',
]);

/** Whether the provider answers this reply itself (then our answer would be a second, blocked one). */
export function providerAnswers(body: string): boolean {
  return PROVIDER_KEYWORDS.has(keywordOf(body));
}

/** "Any reasonable means" (FCC, April 2025): sentences that revoke consent without the keyword. */
const OPT_OUT_SENTENCES = [
  /\b(stop|quit|no more|quit) (texting|messaging|sending( me)? (texts|messages))\b/,
  /\b(don'?t|do not|never) (text|message|sms) me\b/,
  /\bstop (the )?(texts|messages|sms)\b/,
  /\b(unsubscribe|remove) me\b/,
  /\btake me off\b/,
  /\bno (more )?(texts|messages)\b/,
  /\bleave me alone\b/,
  /\bwrong number\b/,
  /\b(no|deja de|dejen de|deje de) (me )?(mand(ar|en|e)|envi(ar|en|e))(me)? (mensajes|textos)\b/,
  /\bno (me )?(mand|envi)\w* (mas )?(mensajes|textos)\b/,
  /\bdar(me)? de baja\b/,
  /\b(ya )?no quiero (recibir )?(mas )?(mensajes|textos)\b/,
];

const CANCEL_SHOWING = [
  /\bcancel+(ed)? (the|my|this|our|it|that|showing|appointment|visit|tour)\b/,
  /\b(please|pls|plz) cancel\b/,
  /\bcancel (it|please|pls)\b/,
  /\bcancelar (la|mi|esta|el) (cita|visita|muestra|showing)\b/,
  /\bcancel(o|a|e|en)? la cita\b/,
];

const NO_WORDS = new Set([
  'N',
  'NO',
  'NOPE',
  'NAH',
  'NO THANKS',
  'NO THANK YOU',
  'DECLINE',
  'NEGATIVE',
  'NO GRACIAS',
  'NO PUEDO',
]);
const NO_SENTENCES = [
  /\b(can'?t|cannot|can not|won'?t|will not|wont) (make it|come|go|attend|be there|do it)\b/,
  /\bnot (coming|going to make it|gonna make it|able to (make it|come|attend))\b/,
  /\bsomething came up\b/,
  /\bno (podre|puedo|voy a poder) (ir|asistir|llegar)\b/,
  /\bno (voy|ire)\b/,
  /^(no|nope|nah)[,.!]+ (?!problem)/,
];

const YES_WORDS = new Set([
  'Y',
  'YES',
  'YEP',
  'YEAH',
  'YEA',
  'YUP',
  'YA',
  'OK',
  'OKAY',
  'K',
  'SURE',
  'CONFIRM',
  'CONFIRMED',
  'SI',
  'SÍ',
  'CLARO',
  'CONFIRMO',
  'CONFIRMADO',
  'VALE',
  'DE ACUERDO',
  'OF COURSE',
  'ABSOLUTELY',
  'YES PLEASE',
  'SI CLARO',
  'SÍ CLARO',
  'SI CONFIRMO',
  'SÍ CONFIRMO',
]);
const YES_SENTENCES = [
  /^(yes|yep|yeah|yup|sure|ok|okay|si|sí|confirmed?)\b[^?]*$/,
  /\b(i'?ll|i will|we'?ll|we will) be there\b/,
  /\bsee you (then|there|tomorrow|soon)\b/,
  /\b(ahi|alli) estare\b/,
  /\bsounds good\b/,
  /^(no problem|no hay problema)\b/,
];
const THUMBS_UP = /^(\u{1F44D}[\u{1F3FB}-\u{1F3FF}]?|\u{2705}|\u{1F44C}|\u{2714}\u{FE0F}?)+$/u;

/** Upper case, accents kept, punctuation and surrounding spaces dropped, inner runs of spaces squeezed. */
function keywordOf(body: string): string {
  return body
    .normalize('NFC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower case with accents dropped (so "podré" and "podre" read alike), curly apostrophes straightened. */
function sentenceOf(body: string): string {
  return body
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The action a reply asks for. Order matters: opt-out first (the law's "reasonable means"), then HELP/START. */
export function classifyReply(body: string, context: ReplyContext = {}): ReplyClass {
  const keyword = keywordOf(body);
  const sentence = sentenceOf(body);
  if (OPT_OUT_KEYWORDS.has(keyword)) return { action: 'opt_out' };
  if (OPT_OUT_SENTENCES.some((re) => re.test(sentence))) return { action: 'opt_out' };
  if (OPT_IN_KEYWORDS.has(keyword)) return { action: 'opt_in' };
  if (HELP_KEYWORDS.has(keyword)) return { action: 'help' };

  const digit = /^#?\s*([0-9])\s*(\/\s*5|stars?|estrellas?)?$/i.exec(sentence.replace(/[.!]+$/, ''));
  if (digit) {
    const value = Number(digit[1]);
    if (context.pendingChoices && value >= 1 && value <= context.pendingChoices) {
      return { action: 'choice', value };
    }
    if (context.feedbackAsked && value >= 1 && value <= 5) return { action: 'rating', value };
    return { action: 'other' };
  }

  if (/^(no problem|no hay problema)\b/.test(sentence)) return { action: 'yes' };
  if (CANCEL_SHOWING.some((re) => re.test(sentence))) return { action: 'no' };
  if (NO_WORDS.has(keyword)) return { action: 'no' };
  if (NO_SENTENCES.some((re) => re.test(sentence))) return { action: 'no' };
  if (THUMBS_UP.test(body.trim())) return { action: 'yes' };
  if (YES_WORDS.has(keyword)) return { action: 'yes' };
  if (YES_SENTENCES.some((re) => re.test(sentence))) return { action: 'yes' };
  return { action: 'other' };
}

/** The language a buyer writes in; our answer comes back in it (issue 39). */
export type ReplyLanguage = 'en' | 'es';

/** Who a showing request waits for: the seller (their approval request is open) or the listing agent. */
export type AwaitedAnswer = { seller: true } | { seller: false; agent: string };

type ReplyTexts = {
  confirmed: (when: string) => string;
  /** Y to a request that is not confirmed yet: it waits for the seller's (or the agent's) answer. */
  awaiting: (when: string, who: AwaitedAnswer) => string;
  cancelled: (when: string) => string;
  /** N inside the showing's cut-off (issue 44): nothing was cancelled; the agent decides now. */
  tooLate: (when: string, hours: number, agent: string, phone: string | null) => string;
  optedOut: string;
  optedIn: string;
  help: (agent: string, phone: string | null) => string;
  forwarded: (agent: string, phone: string | null) => string;
  noShowing: string;
  which: (choices: string[]) => string;
  ratingThanks: string;
  /** Who the buyer's texts are passed to when no agent is known. */
  yourAgent: string;
  /** A showing named in a reply: its day, time and zone (as the caller formatted them), where, and for whom. */
  showing: (parts: {
    date: string;
    time: string;
    zone: string;
    address: string | null;
    client: string | null;
  }) => string;
};

/**
 * Our answers to a reply (the text goes back to the buyer), from the `replies` catalogue of the language
 * (issue 43: one copy of each sentence, in packages/domain/src/i18n/<locale>/replies.json).
 */
function repliesOf(catalogue: Record<keyof typeof english, string>): ReplyTexts {
  const say = (key: keyof typeof english, values?: Record<string, string | number | null>) =>
    filledText(catalogue[key], values);
  const withPhone = (
    key: 'tooLate' | 'help' | 'forwarded',
    phone: string | null,
    values: Record<string, string | number>,
  ) => (phone ? say(`${key}WithPhone`, { ...values, phone }) : say(key, values));
  return {
    confirmed: (when) => say('confirmed', { when }),
    awaiting: (when, who) =>
      who.seller ? say('awaitingSeller', { when }) : say('awaitingAgent', { when, agent: who.agent }),
    cancelled: (when) => say('cancelled', { when }),
    tooLate: (when, hours, agent, phone) =>
      withPhone('tooLate', phone, {
        when,
        agent,
        hours: hours === 1 ? say('oneHour') : say('hours', { count: hours }),
      }),
    optedOut: say('optedOut'),
    optedIn: say('optedIn'),
    help: (agent, phone) => withPhone('help', phone, { agent }),
    forwarded: (agent, phone) => withPhone('forwarded', phone, { agent }),
    noShowing: say('noShowing'),
    which: (choices) =>
      say('which', {
        numbers: choices.map((_, i) => i + 1).join(', '),
        choices: choices.map((c, i) => `${i + 1}) ${c}`).join('; '),
      }),
    ratingThanks: say('ratingThanks'),
    yourAgent: say('yourAgent'),
    showing: ({ date, time, zone, address, client }) => {
      let showing = say('showingWhen', { date, time, zone });
      if (address) showing = say('showingAt', { showing, address });
      if (client) showing = say('showingWith', { showing, client });
      return showing;
    },
  };
}

/** Our answers in English. */
export const REPLY_TEXTS: ReplyTexts = repliesOf(english);

/** The same answers in Spanish: a buyer who writes in Spanish, or whose booking was made in Spanish (issue 43). */
export const REPLY_TEXTS_ES: ReplyTexts = repliesOf(spanish);

export const replyTextsIn = (language: ReplyLanguage): ReplyTexts =>
  language === 'es' ? REPLY_TEXTS_ES : REPLY_TEXTS;

const SPANISH_WORDS =
  /\b(si|claro|confirmo|confirmado|vale|de acuerdo|gracias|puedo|podre|alto|baja|parar|detener|cancelar|alta|ayuda|cita|visita|favor|hola|quiero|voy|ire|estare|mensajes|textos|manana|hoy|tarde|ahi|alli|llegar|asistir|mandar|enviar|que|donde|cuando|como|casa|hay|esta|puede|llamar|llame|una|para|con|pero|tengo|nos|vemos)\b/g;
const ENGLISH_WORDS =
  /\b(yes|yeah|yep|yup|ok|okay|sure|confirm|confirmed|stop|cancel|help|info|start|please|thanks|thank|can|cant|can't|will|be|there|the|my|me|i|what|when|where|how|is|are|coming|make|it|you|see|call|have|we|this|that|to)\b/g;

/**
 * The language of a buyer's text: Spanish or English by their words (accents, ñ, ¿ and ¡ count as Spanish);
 * null when it does not tell ("Y", "N", "2", "👍") — the conversation's earlier texts decide then.
 */
export function replyLanguage(body: string): ReplyLanguage | null {
  if (/[ñ¿¡]/i.test(body)) return 'es';
  const sentence = sentenceOf(body);
  const es = sentence.match(SPANISH_WORDS)?.length ?? 0;
  const en = sentence.match(ENGLISH_WORDS)?.length ?? 0;
  return es > en ? 'es' : en > es ? 'en' : null;
}

/**
 * The language of our answer (issues 39 and 43): Spanish when the buyer wrote Spanish (their text or, for a text
 * that tells none, their earlier ones) or when the booking it is about was made in Spanish; else English.
 */
export function answerLanguage(
  written: ReplyLanguage | null,
  booking: { locale: string } | null | undefined,
): ReplyLanguage {
  return written === 'es' || booking?.locale === 'es' ? 'es' : 'en';
}

/** How the dashboard and the booking details name a buyer's own confirmation (with its time). */
export const BUYER_CONFIRMED_LABELS = { text: 'Confirmed by text', page: 'Confirmed by the buyer' } as const;
