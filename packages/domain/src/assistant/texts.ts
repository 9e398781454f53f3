// Every text of the booking assistant (issue 17) in one place: the panel's labels (web) and the sentences the
// server's conversation answers with. The field checks reuse the booking form's own messages (schemas).
import { WEEKDAY_PLURALS } from '../learning/preferences';
import { instructionsOnlyWords, type ShowingAnswer } from '../listing/applyRules';
import { BOOKING_PURPOSE_LABELS, BUYER_TYPE_LABELS, type BookingPurpose, type BuyerType } from '../enums';
import { holdMinutesLabel } from '../slots/holds';

/** The longest message a buyer may send (the panel's input and the API's schema). */
export const ASSISTANT_TEXT_MAX_LENGTH = 1000;

export const ASSISTANT_UI = {
  openButton: 'Book with the assistant',
  panelTitle: 'Booking assistant',
  inputLabel: 'Your message',
  placeholder: 'e.g. the 3-bed on Maple, Saturday morning',
  send: 'Send',
  close: 'Close the assistant',
  sending: 'The assistant is writing…',
  openForm: 'Open the booking form',
  failed: 'The assistant could not answer. Please try again or use the booking form.',
  settingsTitle: 'Booking assistant',
  settingsDescription:
    'A chat on your public booking page that turns what buyers write ("the 3-bed on Maple, Saturday morning") into a booking in your free times.',
  settingsToggle: 'Offer the booking assistant on my booking page',
  settingsSaved: 'Booking assistant settings saved',
  conversationHeading: 'Booked through the assistant',
  learnedTitle: 'What Keyturn learned about your schedule',
  learnedDescription:
    'From the showings you kept, declined and moved. It marks the best times offered "suggested" (they keep their place in time order); your hours, notice and buffers always come first.',
  correctPeriods: 'Times of day you prefer',
  correctMax: 'Showings a day you prefer, at most',
  // Issue 44: not the daily showing limit above it, which buyers cannot pass.
  correctMaxHint:
    'Used only to mark suggested times; buyers can still book more (the daily showing limit above stops them). Leave empty to use what was learned.',
  saveCorrection: 'Save my correction',
  useLearned: 'Use what was learned',
  reset: 'Reset what was learned',
  correctAreas: 'Areas you show in on a weekday (untick one that is wrong)',
  areaDay: (area: string, weekday: number) => `${area} on ${WEEKDAY_PLURALS[weekday] ?? ''}`,
  suggestToggle: 'Mark my best times "Suggested" on my booking page',
  suggestDescription:
    'The day\'s best times by what was learned are marked "Suggested" (at most 3 a day). Buyers still see every free time, in time order.',
  learnedSaved: 'Scheduling preferences saved',
  learnedReset: 'Learning starts again from now',
} as const;

/** The times of day the agent can prefer (learning/preferences.ts PERIODS), as Settings names them. */
export const PERIOD_OPTIONS = [
  { value: 'morning', label: 'Mornings (before noon)' },
  { value: 'midday', label: 'Middays (12–2 pm)' },
  { value: 'afternoon', label: 'Afternoons (2–5 pm)' },
  { value: 'evening', label: 'Evenings (after 5 pm)' },
] as const;

export const ASSISTANT_DISABLED_MESSAGE = 'The booking assistant is switched off for this agent.';
export const ASSISTANT_BUSY_MESSAGE = 'The assistant is still answering your previous message.';

const buyerTypeList = Object.values(BUYER_TYPE_LABELS).join(', ');

export const ASSISTANT_SAYS = {
  greeting: (agentName: string, address: string | null) =>
    address
      ? `Hi! I can book a viewing of ${address} with ${agentName}. When would suit you? (for example "Saturday morning" or "Tuesday after 5")`
      : `Hi! I'm ${agentName}'s booking assistant. Tell me which home you would like to see and when — for example "the 3-bed on Maple on Saturday morning" — or ask for a consultation or a valuation.`,
  whichProperty: (addresses: string[], known: string | null = null) =>
    known
      ? `${known} — which home: ${numbered(addresses)}? Or is it a consultation or a valuation of your own home?`
      : `Which home would you like to see? ${agentListing(addresses)} Or is it a consultation or a valuation of your own home?`,
  whichOfThese: (addresses: string[], known: string | null = null) =>
    known
      ? `${known} — which home: ${numbered(addresses)}?`
      : `I found more than one home that fits: ${numbered(addresses)}. Which one do you mean?`,
  noProperties: 'This agent has no homes listed for online booking right now, but I can book a consultation.',
  unknownProperty: "I couldn't find that home among this agent's listings. Which of these do you mean?",
  proposals: (subject: string, lines: string[], note: string | null) =>
    `${note ? `${note} ` : ''}Here ${lines.length === 1 ? 'is a time' : 'are times'} I can offer for ${subject}: ${numbered(lines)}. Which one suits you?`,
  pastDay: 'That day has already passed (or is today), and the earliest I can book is tomorrow.',
  beyondWindow: 'I can only book up to 60 days ahead.',
  closedDay: (days: string[]) =>
    `Sorry, ${days.join(' and ')} ${days.length === 1 ? 'is not a day' : 'are not days'} this agent takes showings.`,
  nothingThen: 'Nothing is free at the time you asked for.',
  nothingAtAll:
    "I'm sorry, I couldn't find a free time in the next two weeks. The booking form shows every free day up to 60 days ahead.",
  pickOne: (count: number) =>
    count === 1
      ? 'Shall I take this time? Answer "yes", or tell me another day or time.'
      : `Which of the ${count} times would you like? Answer with its number, or tell me another day or time.`,
  askName: (slot: string) => `${slot} — good choice. What is your full name?`,
  askEmail: 'What e-mail address should the confirmation go to?',
  askPhone: 'And a phone number the agent can reach you on?',
  askBuyerType: `Which describes you best: ${buyerTypeList}?`,
  invalid: (message: string) => `${message}. Could you write it again?`,
  confirm: (summary: string) => `Please check: ${summary}. Shall I book it? (yes / no)`,
  notConfirmed: 'No problem — tell me another day or time, or what to change.',
  booked: (summary: string, email: string, pending: boolean) =>
    pending
      ? `Done: ${summary} is requested. The agent confirms it shortly; the details are on their way to ${email}.`
      : `You're booked: ${summary}. A confirmation is on its way to ${email}.`,
  alreadyBooked: 'Your showing is booked. The confirmation e-mail has a link to change or cancel it.',
  slotTaken: 'Sorry — someone booked that time a moment ago.',
  /** Issue 44: the chosen time is held for this conversation while the buyer gives their details. */
  holding: (time: string, day: string, minutes: number) =>
    `I'm holding ${time} on ${day} for you for ${holdMinutesLabel(minutes)}.`,
  /** Issue 44: another buyer holds the chosen time (they are booking it right now). */
  heldByOther: 'Sorry — someone else is booking that time right now.',
  /** Issue 44: the agent's day reached their daily cap meanwhile. */
  dayFull: 'Sorry — the agent’s day is now full: they take a limited number of showings a day.',
  cannotBook: (reason: string) => `${reason} You can also use the booking form.`,
  /** An instructions-only home (issue 39 §4): no times, its instructions and the agent — as its page and MCP. */
  instructionsOnly: (showing: ShowingAnswer, address: string, agentName: string) =>
    instructionsOnlyWords(showing, address, agentName),
  handOff: "I can't help with that here — the booking form below is filled with what you told me.",
  notCaught: (example: string) => `Sorry, I didn't catch that. You could write, for example, ${example}.`,
  examples: {
    property: '"the first one" or "12 Maple Street"',
    slot: '"the 2nd one" or "Saturday morning"',
    name: '"Casey Buyer"',
    email: '"casey@example.com"',
    phone: 'a phone number like "646 555 0199"',
    buyerType: '"first-time buyer"',
    confirm: '"yes" or "no"',
    start: '"a viewing of the first home on Saturday morning"',
  },
  languages:
    'Sorry, I can only chat in English and Spanish (español). Please write in one of them, or use the booking form below.',
  weekdayNextWeek: (day: string, label: string) =>
    `Today is ${day} and there is no time left today, so I looked at next ${day}, ${label}.`,
  zoneNote: (zone: string) => `Times are in the agent's time zone (${zone}).`,
  windowLabels: {
    morning: 'morning',
    lunchtime: 'lunchtime',
    afternoon: 'afternoon',
    evening: 'evening',
    firstThing: 'first thing',
    after: (time: string) => `after ${time}`,
    before: (time: string) => `before ${time}`,
    between: (from: string, to: string) => `between ${from} and ${to}`,
    around: (time: string) => `around ${time}`,
    at: (time: string) => `at ${time}`,
  },
} as const;

type Widen<T> = T extends (...args: infer A) => string
  ? (...args: A) => string
  : T extends string
    ? string
    : { [K in keyof T]: Widen<T[K]> };
/** The assistant's sentences in one language (the English ones define the set). */
export type AssistantSays = Widen<typeof ASSISTANT_SAYS>;

const PURPOSE_ES: Record<BookingPurpose, string> = {
  property_viewing: 'Visita',
  open_house: 'Jornada de puertas abiertas',
  private_showing: 'Visita privada',
  property_valuation: 'Tasación',
  custom: 'Consulta',
};
const BUYER_TYPE_ES: Record<BuyerType, string> = {
  first_time_buyer: 'comprador de primera vivienda',
  investor: 'inversionista',
  home_owner: 'propietario de vivienda',
};

/** The same sentences in Spanish (issue 31): a buyer who writes Spanish is answered in Spanish. */
export const ASSISTANT_SAYS_ES: AssistantSays = {
  // Issue 43: a conversation started on a Spanish page greets in Spanish.
  greeting: (agentName, address) =>
    address
      ? `¡Hola! Puedo reservarle una visita a ${address} con ${agentName}. ¿Cuándo le viene bien? (por ejemplo, "el sábado por la mañana" o "el martes después de las 5")`
      : `¡Hola! Soy el asistente de reservas de ${agentName}. Dígame qué propiedad le gustaría ver y cuándo (por ejemplo, "la de 3 habitaciones en Maple el sábado por la mañana"), o pida una consulta o una tasación.`,
  whichProperty: (addresses, known = null) =>
    known
      ? `${known}: ¿qué propiedad? ${numbered(addresses)}. ¿O es una consulta o una tasación de su propiedad?`
      : `¿Qué propiedad le gustaría ver? ${addresses.length > 0 ? `Las propiedades publicadas: ${numbered(addresses)}.` : ''} ¿O es una consulta o una tasación de su propiedad?`,
  whichOfThese: (addresses, known = null) =>
    `${known ? `${known}: ` : ''}he encontrado más de una propiedad: ${numbered(addresses)}. ¿Cuál quiere decir?`,
  noProperties:
    'Este agente no tiene propiedades para reservar en línea ahora, pero puedo reservar una consulta.',
  unknownProperty: 'No encuentro esa propiedad entre las de este agente. ¿Cuál de estas quiere decir?',
  proposals: (subject, lines, note) =>
    `${note ? `${note} ` : ''}${lines.length === 1 ? 'Puedo ofrecerle esta hora' : 'Puedo ofrecerle estas horas'} para ${subject}: ${numbered(lines)}. ¿Cuál le viene bien?`,
  pastDay: 'Ese día ya ha pasado (o es hoy), y lo antes que puedo reservar es mañana.',
  beyondWindow: 'Solo puedo reservar hasta 60 días por adelantado.',
  closedDay: (days) =>
    `Lo siento, ${days.join(' y ')} ${days.length === 1 ? 'no es un día' : 'no son días'} en que este agente enseña propiedades.`,
  nothingThen: 'No hay nada libre a la hora que pidió.',
  nothingAtAll:
    'Lo siento, no encuentro ninguna hora libre en las próximas dos semanas. El formulario de reserva muestra todos los días libres hasta 60 días.',
  pickOne: (count) =>
    count === 1
      ? '¿Reservo esta hora? Responda "sí", o dígame otro día u hora.'
      : `¿Cuál de las ${count} horas prefiere? Responda con su número, o dígame otro día u hora.`,
  askName: (slot) => `${slot}: perfecto. ¿Cuál es su nombre completo?`,
  askEmail: '¿A qué correo electrónico envío la confirmación?',
  askPhone: '¿Y un teléfono en el que el agente pueda localizarle?',
  askBuyerType: `¿Qué le describe mejor: ${Object.values(BUYER_TYPE_ES).join(', ')}?`,
  invalid: (message) => `${message}. ¿Puede escribirlo de nuevo?`,
  confirm: (summary) => `Compruebe, por favor: ${summary}. ¿Lo reservo? (sí / no)`,
  notConfirmed: 'De acuerdo: dígame otro día u hora, o qué quiere cambiar.',
  booked: (summary, email, pending) =>
    pending
      ? `Hecho: ${summary} queda solicitada. El agente la confirmará en breve; los detalles van de camino a ${email}.`
      : `Reservado: ${summary}. La confirmación va de camino a ${email}.`,
  alreadyBooked:
    'Su visita está reservada. El correo de confirmación tiene un enlace para cambiarla o cancelarla.',
  slotTaken: 'Lo siento: alguien acaba de reservar esa hora.',
  holding: (time, day, minutes) =>
    `Le guardo las ${time} del ${day} durante ${minutes} minuto${minutes === 1 ? '' : 's'}.`,
  heldByOther: 'Lo siento: otra persona está reservando esa hora ahora mismo.',
  dayFull: 'Lo siento: el agente ya tiene el día completo; atiende un número limitado de visitas al día.',
  cannotBook: (reason) => `${reason} También puede usar el formulario de reserva.`,
  instructionsOnly: (showing, address, agentName) => {
    const ways = [showing.contact?.phone, showing.contact?.email].filter(Boolean).join(' o ');
    const steps = showing.instructions ? ` Instrucciones: ${showing.instructions.trim()}` : '';
    return `${address} no se reserva en línea: se enseña según sus instrucciones.${steps} Contacte con ${agentName}${ways ? ` en ${ways}` : ''}.`;
  },
  handOff: 'No consigo ayudarle con eso aquí: el formulario de abajo ya tiene lo que me ha dicho.',
  notCaught: (example) => `Perdone, no lo he entendido. Puede escribir, por ejemplo, ${example}.`,
  examples: {
    property: '"la primera" o "12 Maple Street"',
    slot: '"la segunda" o "el sábado por la mañana"',
    name: '"Casey Buyer"',
    email: '"casey@example.com"',
    phone: 'un teléfono como "646 555 0199"',
    buyerType: '"primera vivienda"',
    confirm: '"sí" o "no"',
    start: '"una visita a la primera propiedad el sábado por la mañana"',
  },
  languages: ASSISTANT_SAYS.languages,
  weekdayNextWeek: (day, label) =>
    `Hoy es ${day} y ya no quedan horas hoy, así que he buscado el próximo ${day}, ${label}.`,
  zoneNote: (zone) => `Las horas están en la zona horaria del agente (${zone}).`,
  windowLabels: {
    morning: 'por la mañana',
    lunchtime: 'a mediodía',
    afternoon: 'por la tarde',
    evening: 'por la noche',
    firstThing: 'a primera hora',
    after: (time) => `después de las ${time}`,
    before: (time) => `antes de las ${time}`,
    between: (from, to) => `entre las ${from} y las ${to}`,
    around: (time) => `sobre las ${time}`,
    at: (time) => `a las ${time}`,
  },
};

/** "Visita en 12 Maple Street el sábado, 9 de marzo a las 10:00 para Casey Buyer (…)". */
export function bookingSummaryEs(b: Parameters<typeof bookingSummary>[0]): string {
  const what = `${PURPOSE_ES[b.purpose]}${b.address ? ` en ${b.address}` : ''}`;
  return `${what} el ${b.when}, para ${b.name} (${b.email}, ${b.phone}, ${BUYER_TYPE_ES[b.buyerType]})`;
}

/** "Property Viewing at 12 Maple Street on Saturday, February 2 at 10:00 AM for Casey Buyer (…)". */
export function bookingSummary(b: {
  purpose: BookingPurpose;
  address: string | null;
  when: string;
  name: string;
  email: string;
  phone: string;
  buyerType: BuyerType;
}): string {
  const what = `${BOOKING_PURPOSE_LABELS[b.purpose]}${b.address ? ` at ${b.address}` : ''}`;
  return `${what} on ${b.when}, for ${b.name} (${b.email}, ${b.phone}, ${BUYER_TYPE_LABELS[b.buyerType]})`;
}

function numbered(lines: string[]): string {
  return lines.map((line, i) => `${i + 1}. ${line}`).join('; ');
}

function agentListing(addresses: string[]): string {
  return addresses.length > 0 ? `The homes listed: ${numbered(addresses)}.` : '';
}
