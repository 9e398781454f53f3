// The buyer's language (issue 31): English or Spanish are understood and answered; another language gets a
// short English answer naming the two. Spanish is read by rewriting its date, time and booking words into the
// English the rest of understand.ts reads (one set of rules for windows, exclusions and properties); dates the
// rewrite misses go to chrono-node's Spanish parser (when.ts).

export type Language = 'en' | 'es';
export type Detected = Language | 'other' | null;

const SPANISH =
  /\b(hola|buenas|buenos|quiero|quisiera|querr[ií]a|puedo|podr[ií]a|podemos|ver|visitar|verla|verlo|casa|piso|apartamento|departamento|mañana|manana|tarde|noche|s[áa]bado|domingo|lunes|martes|mi[ée]rcoles|jueves|viernes|semana|por favor|gracias|cita|me llamo|mi nombre|soy|s[ií]|vale|habitaciones|dormitorios|tasaci[óo]n|valoraci[óo]n|consulta|hoy|pr[óo]xim[oa]|despu[ée]s|antes|las|los|del|una|para|con|que|est[áa]|tengo|nada|ning[uú]n|el|d[ií]a|de|fin|dentro|finales|cualquier|tardes|mediod[ií]a|primera|hora|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|enero|febrero|marzo)(?![\p{L}])/giu;
const ENGLISH =
  /\b(the|and|can|could|would|like|want|see|view|tour|please|morning|afternoon|evening|today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|next|this|after|before|at|on|is|it|my|me|i|yes|no|house|home|condo|around|any|time)\b/giu;
const OTHER =
  /\b(ich|möchte|moechte|bitte|besichtigen|wohnung|haus|morgen|termin|danke|guten|tag|je|voudrais|visiter|maison|demain|bonjour|merci|rendez-vous|appartement|olá|quero|amanhã|obrigad[oa]|vorrei|vedere|domani|grazie|buongiorno|samstag|sonntag|montag|samedi|dimanche|lundi)\b/giu;

const count = (re: RegExp, text: string) => new Set(text.toLowerCase().match(re) ?? []).size;

/** The language a message is written in; null when it is too short to tell ("2", "Casey Buyer", an e-mail). */
export function detectLanguage(text: string): Detected {
  // "me llamo" / "mi nombre es" decide on their own: "me" alone is also English ("call me"), which made a
  // Spanish buyer's details line ("Me llamo Casey, casey@…") read as English.
  const es =
    count(SPANISH, text) +
    (/[ñ¿¡]/.test(text) ? 2 : 0) +
    (/\b(?:me llamo|mi nombre es)\b/i.test(text) ? 1 : 0);
  const en = count(ENGLISH, text);
  const other = count(OTHER, text) + (/[äöüßçãõ]/i.test(text) ? 1 : 0);
  if (other > 0 && other >= es && other >= en) return 'other';
  if (es >= 2 && es > en) return 'es';
  if (es >= 1 && en === 0) return 'es';
  if (en >= 1) return 'en';
  return null;
}

const WEEKDAYS: Record<string, string> = {
  lunes: 'monday',
  martes: 'tuesday',
  miercoles: 'wednesday',
  jueves: 'thursday',
  viernes: 'friday',
  sabado: 'saturday',
  domingo: 'sunday',
};
const MONTHS: Record<string, string> = {
  enero: 'january',
  febrero: 'february',
  marzo: 'march',
  abril: 'april',
  mayo: 'may',
  junio: 'june',
  julio: 'july',
  agosto: 'august',
  septiembre: 'september',
  setiembre: 'september',
  octubre: 'october',
  noviembre: 'november',
  diciembre: 'december',
};
const NUMBERS: Record<string, string> = { dos: '2', tres: '3', cuatro: '4', cinco: '5', seis: '6' };

/** Spanish phrases → the English understand.ts reads, in order (longest first where they overlap). */
const PHRASES: [RegExp, string][] = [
  [/\b(?:buenas tardes|buenas noches|buenos d[ií]as)\b/g, ' hello '],
  [/\b(\d{1,2}) y media\b/g, ' $1:30 '],
  [/\b(\d{1,2}) y cuarto\b/g, ' $1:15 '],
  [
    /\b(?:el |los )?(lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bados?|domingos?) no (?:puedo|me va|me viene)\b/g,
    ' not $1 ',
  ],
  [/\bpasado mañana\b/g, ' in 2 days '],
  [/\bmañana por la mañana\b/g, ' tomorrow morning '],
  [/\b(\d{1,2})(?::(\d{2}))?\s*(?:de la tarde|de la noche|pm)\b/g, ' $1:$2pm '],
  [/\b(\d{1,2})(?::(\d{2}))?\s*de la mañana\b/g, ' $1:$2am '],
  [/\b(?:por|en|de) la mañana\b|\bmañanas\b/g, ' morning '],
  [/\besta tarde\b/g, ' today afternoon '],
  [/\besta noche\b/g, ' today evening '],
  [/\b(?:por|en|a) la(?:s)? tardes?\b|\btardes\b/g, ' afternoon '],
  [/\b(?:por|en|a) la(?:s)? noches?\b/g, ' evening '],
  [
    /\b(?:al|a) mediod[ií]a\b|\ba la hora de (?:comer|almorzar|la comida)\b|\bhora de comer\b/g,
    ' lunchtime ',
  ],
  [/\ba primera hora\b/g, ' first thing '],
  [/\b(?:despu[ée]s del|al salir del|saliendo del) trabajo\b/g, ' after work '],
  [/\b(?:a eso de|sobre|hacia|alrededor de|como a|m[aá]s o menos a)\s+la(?:s)?\b/g, ' around '],
  [/\bentre las (\d{1,2}(?::\d{2})?) y las\b/g, ' between $1 and '],
  [/\bdespu[ée]s de las\b|\ba partir de las\b|\bdesde las\b/g, ' after '],
  [/\bantes de las\b/g, ' before '],
  [/\bantes del mediod[ií]a\b/g, ' before noon '],
  [/\ba la(?:s)?\s+(\d)/g, ' at $1'],
  [/\b(?:este|el) fin de semana\b/g, ' this weekend '],
  [/\bel pr[óo]ximo fin de semana\b|\bel fin de semana que viene\b/g, ' next weekend '],
  [/\bfin de semana\b|\bfinde\b/g, ' weekend '],
  [/\b(?:la semana que viene|la pr[óo]xima semana|la semana pr[óo]xima)\b/g, ' next week '],
  [/\besta semana\b/g, ' this week '],
  [/\b(?:a )?finales de (?:esta |la )?semana\b|\bal final de (?:esta |la )?semana\b/g, ' end of the week '],
  [/\b(?:dentro de|en) (\w+) semanas\b/g, ' in $1 weeks '],
  [/\b(?:dentro de|en) (\w+) d[ií]as\b/g, ' in $1 days '],
  [/\bel (?:pr[óo]ximo|otro)\s+/g, ' next '],
  [/\b(?:el )?(lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo) que viene\b/g, ' next $1 '],
  [/\b(?:no|menos|excepto|salvo)\s+(?:el|los)\s+/g, ' not '],
  [/\bmañana\b|\bmanana\b/g, ' tomorrow '],
  [/\bhoy\b/g, ' today '],
  [/\b(?:el|la) d[ií]a (\d{1,2})\b/g, ' the $1th '],
  [/\bel (\d{1,2}) de (\w+)\b/g, ' $2 $1 '],
  [/\bel (\d{1,2})\b(?!\s*(?:de|habitaci|dormitor|:))/g, ' the $1th '],
  [/\b(\w+) (?:habitaciones|dormitorios|rec[áa]maras|cuartos)\b/g, ' $1 bedrooms '],
  [/\b(?:piso|apartamento|departamento|depto|condominio)\b/g, ' condo '],
  [/\b(?:adosado|casa adosada)\b/g, ' townhouse '],
  [/\b(?:tasaci[óo]n|valoraci[óo]n|tasar|valorar|cu[áa]nto vale mi (?:casa|piso))\b/g, ' valuation '],
  [/\b(?:vender mi|vender nuestra)\b/g, ' selling my '],
  [/\b(?:consulta|asesor[ií]a|asesoramiento|hablar con)\b/g, ' consultation '],
  [/\bjornada de puertas abiertas\b|\bpuertas abiertas\b/g, ' open house '],
  [/\b(?:ver|visitar|verla|verlo|conocer|enseñar|mostrar)\b/g, ' see '],
  [/\b(?:la|el) (?:primera?|primero)\b|\bla 1\b|\bopci[óo]n 1\b/g, ' the first '],
  [/\b(?:la|el) segund[oa]\b|\bla 2\b|\bopci[óo]n 2\b/g, ' the second '],
  [/\b(?:la|el) tercer[oa]?\b|\bla 3\b|\bopci[óo]n 3\b/g, ' the third '],
  [/^\s*(?:s[ií]|vale|de acuerdo|claro|perfecto|confirmo|adelante|reserva(?:la)?)(?![a-zñáéíóú])/g, ' yes '],
  [/^\s*no\b(?!\s+(?:el|los|puedo))/g, ' no '],
  [/\b(?:me llamo|mi nombre es)\b/g, ' my name is '],
  [/\b(?:primera vivienda|primer comprador|primera vez|compro por primera vez)\b/g, ' first time buyer '],
  [/\b(?:inversor|inversionista|inversi[óo]n)\b/g, ' investor '],
  [/\b(?:ya tengo casa|propietario|propietaria)\b/g, ' home owner '],
  [/\b(?:menos de|por debajo de|hasta)\s+/g, ' under '],
  [/\b(?:m[áa]s de|por encima de)\s+/g, ' over '],
  [/\bcalle\b/g, ' street '],
  [/\bavenida\b/g, ' avenue '],
  [/\b(?:o|u)\b/g, ' or '],
  [/\b(?:y|e)\b/g, ' and '],
];

/** Removes accents so "sábado" and "sabado" read alike (ñ stays). */
function plain(text: string): string {
  return text.replace(/[áéíóúü]/g, (c) => ({ á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u', ü: 'u' })[c] ?? c);
}

/** Spanish message → the English the offline rules read (case kept for names). */
export function spanishToEnglish(text: string): string {
  let out = ` ${text} `;
  for (const [re, to] of PHRASES) {
    out = out.replace(new RegExp(re.source, `${re.flags.replace('g', '')}giu`), (...args: string[]) =>
      to.replace(/\$(\d)/g, (_m, i: string) => args[Number(i)] ?? '').replace(/:pm|:am/, (m) => m.slice(1)),
    );
  }
  out = out.replace(/[\p{L}]+/gu, (word) => {
    const key = plain(word.toLowerCase());
    return WEEKDAYS[key] ?? MONTHS[key] ?? NUMBERS[key] ?? word;
  });
  return out.replace(/\s+/g, ' ').trim();
}
