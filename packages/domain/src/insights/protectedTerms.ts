// Fair housing (issue 46, decision 090): the words that name a protected class, in English and Spanish, and
// the matcher that finds them in free text. The Fair Housing Act's classes (race, colour, religion, sex,
// national origin, familial status, disability) and the common state ones (age, sexual orientation, gender
// identity, marital status, source of income, military status). A clause that mentions one never feeds the
// insights (sentiment, score, class, recommendations, the model), and a buyer asking the assistant for an
// area or home by who lives there gets the fixed answer (steering.ts). Each term is a regular-expression
// fragment matched on whole words, case and accents ignored; EXCEPTIONS are phrases that only look like one
// ("family room" is a room, not familial status).

export const PROTECTED_CLASSES = [
  'race',
  'colour',
  'religion',
  'sex',
  'national_origin',
  'familial_status',
  'disability',
  'age',
  'sexual_orientation',
  'gender_identity',
  'marital_status',
  'source_of_income',
  'military_status',
] as const;
export type ProtectedClass = (typeof PROTECTED_CLASSES)[number];

/** People nouns after which an ordinary adjective ("white", "black", "old") names a group of people. */
const PEOPLE_EN =
  '(?:people|persons?|folks?|families|family|neighbou?rs?|buyers?|residents?|tenants?|owners?|kids?|guys?|men|women|crowd|community|communities|households?)';
const PEOPLE_ES =
  '(?:gente|personas?|familias?|vecinos?|vecinas?|compradores?|residentes?|inquilinos?|propietarios?|hombres?|mujer(?:es)?|niños?)';

const NATIONALITIES =
  'mexicans?|chinese|indians?|pakistanis?|arabs?|arabic|africans?|haitians?|somalis?|syrians?|iraqis?|afghans?|russians?|ukrainians?|koreans?|japanese|vietnamese|filipinos?|cubans?|puerto ricans?|dominicans?|salvadorans?|guatemalans?|hondurans?|colombians?|venezuelans?|brazilians?|nigerians?|ethiopians?|irish|italians|jamaicans?|middle[ -]eastern|mexicanos?|mexicanas?|chinos?|chinas|árabes?|africanos?|haitianos?|rusos?|colombianos?|venezolanos?|cubanos?|dominicanos?|hondureños?|guatemaltecos?|salvadoreños?|marroquíes|rumanos?|gitanos?';

/** Each class's terms, English then Spanish (regular-expression fragments, lower case). */
export const PROTECTED_TERMS: Record<ProtectedClass, readonly string[]> = {
  race: [
    'races?',
    'racial(?:ly)?',
    'ethnic(?:ity|ities)?',
    'african[ -]americans?',
    'afro[ -]?americans?',
    'caucasians?',
    'hispanics?',
    'latin[oa]s?',
    'latinx',
    'asians?',
    'minorit(?:y|ies)',
    `(?:white|black|brown) ${PEOPLE_EN}`,
    `${PEOPLE_EN} (?:of colou?r)`,
    'raza',
    'racial(?:es)?',
    'étnic[oa]s?',
    'etnia',
    'afroamerican[oa]s?',
    'hispan[oa]s?',
    'asiátic[oa]s?',
    'minorías?',
    `${PEOPLE_ES} (?:blanc[oa]s?|negr[oa]s?|morena?s?)`,
  ],
  colour: [
    'skin colou?r',
    'colou?r of (?:their|his|her|your|the) skin',
    'colou?red people',
    'color de (?:la )?piel',
  ],
  religion: [
    'religio(?:n|ns|us)',
    'christians?',
    'catholics?',
    'protestants?',
    'evangelicals?',
    'jew(?:s|ish)?',
    'muslims?',
    'moslems?',
    'islam(?:ic)?',
    'hindus?',
    'buddhists?',
    'sikhs?',
    'mormons?',
    'atheists?',
    'churche?s?',
    'synagogues?',
    'mosques?',
    'temples?',
    'religión',
    'religios[oa]s?',
    'cristian[oa]s?',
    'católic[oa]s?',
    'evangélic[oa]s?',
    'judí[oa]s?',
    'musulman(?:es|as?)?',
    'musulmán',
    'iglesias?',
    'sinagogas?',
    'mezquitas?',
    'templos?',
  ],
  sex: [
    'wom[ae]n',
    'females?',
    'males?',
    'gentlem[ae]n',
    'ladies',
    'lady',
    'man',
    'men',
    'girls?',
    'boys?',
    'mujer(?:es)?',
    'hombres?',
    'señoras?',
  ],
  national_origin: [
    'immigrants?',
    'immigration',
    'foreigners?',
    'foreign[ -]born',
    'illegals',
    'illegal (?:immigrants?|aliens?)',
    'aliens?',
    'refugees?',
    '(?:an|a strong|a heavy|a thick|a foreign|foreign) accents?',
    'english speakers?',
    'speaks? english',
    'nationalit(?:y|ies)',
    NATIONALITIES,
    'inmigrantes?',
    'extranjer[oa]s?',
    'refugiad[oa]s?',
    'indocumentad[oa]s?',
    'nacionalidad(?:es)?',
    'acento',
  ],
  familial_status: [
    'kids?',
    'child(?:ren)?',
    'babies',
    'baby',
    'toddlers?',
    'teen(?:ager)?s?',
    'infants?',
    'pregnan(?:t|cy)',
    'expecting a (?:baby|child)',
    'families',
    'family',
    'niñ[oa]s?',
    'hij[oa]s?',
    'bebés?',
    'embarazad[oa]s?',
    'embarazo',
    'familias?',
    'adolescentes?',
  ],
  disability: [
    'disab(?:led|ility|ilities)',
    'handicap(?:ped)?',
    'wheelchairs?',
    'blind',
    'deaf',
    'autis(?:m|tic)',
    'mental(?:ly)? ill(?:ness)?',
    'service (?:animals?|dogs?)',
    'special needs',
    'discapacidad(?:es)?',
    'discapacitad[oa]s?',
    'minusválid[oa]s?',
    'silla de ruedas',
    'ciegos?',
    'ciegas?',
    'sord[oa]s?',
    'autismo',
    'autista',
    'enfermedad mental',
    'perro guía',
  ],
  age: [
    'elderly',
    'seniors?',
    'retirees?',
    'retired',
    `(?:old|older|young|younger) ${PEOPLE_EN}`,
    'young couples?',
    'over[ -](?:50|55|60|62|65)s',
    '(?:55|62)\\+? (?:and over|communit(?:y|ies)|housing|living)',
    'ancian[oa]s?',
    'jubilad[oa]s?',
    '(?:personas|gente) mayor(?:es)?',
    `${PEOPLE_ES} (?:jóvenes|mayores|viej[oa]s)`,
  ],
  sexual_orientation: [
    'gays?',
    'lesbians?',
    'bisexuals?',
    'homosexuals?',
    'heterosexuals?',
    'lgbt[a-z+]*',
    'queer',
    'same[ -]sex',
    'lesbianas?',
    'homosexuales',
    'bisexuales',
  ],
  gender_identity: [
    'transgender',
    'trans (?:people|person|woman|man|women|men)',
    'non[ -]binary',
    'transgénero',
  ],
  marital_status: [
    'single (?:mom|mother|dad|father|parent|woman|man|women|men)s?',
    'divorc(?:ed|ee|ées?|ees)',
    'widow(?:s|ed|er|ers)?',
    'married (?:couples?|people)',
    'unmarried',
    'madres? solteras?',
    'padres? solteros?',
    'divorciad[oa]s?',
    'viud[oa]s?',
    'casad[oa]s?',
  ],
  source_of_income: [
    'section[ -]?8',
    '(?:housing )?vouchers?',
    'welfare',
    'food stamps',
    'public assistance',
    'ssi',
    'ssdi',
    'disability benefits',
    'sección[ -]?8',
    'vales? de vivienda',
    'asistencia pública',
    'ayudas? sociales?',
    'cupones de alimentos',
  ],
  military_status: ['veterans?', 'military (?:families|family|people)', 'veteran[oa]s?', 'militares'],
};

/**
 * Phrases that only look like a protected term: removed before matching. Small on purpose — a term missed
 * costs a clause of sentiment, a phrase wrongly excused could carry a class into the insights.
 */
export const PROTECTED_TERM_EXCEPTIONS: readonly string[] = [
  'family room',
  'family-room',
  'family rooms',
  'single family',
  'single-family',
  'multi family',
  'multi-family',
  'two family',
  'two-family',
  'sala familiar',
  'unifamiliar',
  'multifamiliar',
  'man cave',
  'man-made',
  'master bedroom',
  'chinese elm',
  'japanese maple',
  'indian summer',
  'child lock',
  'childproof',
];

/** Lower case, accents kept apart from their letters and dropped ("Niños" → "ninos", "étnico" → "etnico"). */
function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'");
}

const boundary = (source: string) => `(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`;

const MATCHERS: readonly { class: ProtectedClass; re: RegExp }[] = PROTECTED_CLASSES.map((cls) => ({
  class: cls,
  re: new RegExp(PROTECTED_TERMS[cls].map((t) => boundary(fold(t))).join('|'), 'gu'),
}));

const EXCEPTION_RE = new RegExp(
  PROTECTED_TERM_EXCEPTIONS.map((p) => boundary(fold(p).replace(/[-\s]+/g, '[-\\s]+'))).join('|'),
  'gu',
);

export interface ProtectedMention {
  class: ProtectedClass;
  /** The words as found (folded: lower case, no accents). */
  term: string;
}

/** Every protected-class term in the text, in class order (the exceptions removed first). */
export function protectedMentions(text: string): ProtectedMention[] {
  const folded = fold(text).replace(EXCEPTION_RE, ' ');
  return MATCHERS.flatMap(({ class: cls, re }) =>
    [...folded.matchAll(re)].map((m) => ({ class: cls, term: m[0] })),
  );
}

/** Whether the text names a protected class (race, religion, family, disability, origin, age, …). */
export function mentionsProtectedClass(text: string): boolean {
  const folded = fold(text).replace(EXCEPTION_RE, ' ');
  return MATCHERS.some(({ re }) => {
    re.lastIndex = 0;
    return re.test(folded);
  });
}

/** Regular-expression text for callers that match on the folded text too (steering.ts). */
export { fold as foldForMatching };
