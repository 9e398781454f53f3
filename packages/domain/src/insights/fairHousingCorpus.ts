// Test corpus (issue 46, decision 090): agent notes and buyers' words that name a protected class, and
// buyers' requests to the booking assistant with steering language, in English and Spanish — with the
// ordinary texts that must not be caught. The domain, API and assistant tests read it.

/** Notes and answers naming a protected class: they must change nothing in the insights. */
export const PROTECTED_NOTES: readonly { lang: 'en' | 'es'; text: string }[] = [
  { lang: 'en', text: 'They asked whether the neighbourhood has a lot of immigrants' },
  { lang: 'en', text: 'Wants an area with fewer Hispanic families' },
  { lang: 'en', text: 'Loves that it is close to their church' },
  { lang: 'en', text: 'Worried the street is too loud for the kids' },
  { lang: 'en', text: 'Pregnant, wants to move before the baby comes' },
  { lang: 'en', text: 'Uses a wheelchair and was thrilled with the wide doorways' },
  { lang: 'en', text: 'Retired couple, a great fit for a quiet street' },
  { lang: 'en', text: 'Single mom, very stressed about everything' },
  { lang: 'en', text: 'Asked if there are other Muslim families nearby' },
  { lang: 'en', text: 'They are gay and asked if the neighbours are friendly' },
  { lang: 'en', text: 'Pays with a Section 8 voucher' },
  { lang: 'en', text: 'Said the area has too many black people' },
  { lang: 'en', text: 'Wonderful Christian family, perfect for this home' },
  { lang: 'en', text: 'Elderly parents will live with them, they hated the stairs' },
  { lang: 'es', text: 'Preguntaron si hay muchos inmigrantes en el barrio' },
  { lang: 'es', text: 'Quieren una zona sin familias con niños' },
  { lang: 'es', text: 'Les encanta que la iglesia esté cerca' },
  { lang: 'es', text: 'Madre soltera, muy preocupada' },
  { lang: 'es', text: 'Buscan vecinos católicos como ellos' },
  { lang: 'es', text: 'Su hijo usa silla de ruedas' },
];

/** Ordinary words about a home that only look like a protected term. */
export const ORDINARY_NOTES: readonly string[] = [
  'Loved the family room and the big kitchen',
  'Single-family home with a great yard',
  'The white kitchen is gorgeous',
  'The accent wall in the den is awful',
  'The window blinds are broken',
  'Over 20 minutes late to the showing',
  'The basement is an illegal unit',
  'Nice man-made pond out back',
  'Accent lighting in the hallway',
  'Muy contenta con la cocina',
  'La sala familiar es enorme',
];

/** Buyers' requests asking for homes or areas by who lives there. */
export const STEERING_REQUESTS: readonly { lang: 'en' | 'es'; text: string }[] = [
  { lang: 'en', text: 'Can you show me homes in a neighbourhood without immigrants?' },
  { lang: 'en', text: 'Which area has fewer Hispanic families?' },
  { lang: 'en', text: 'I want to live where families like us live' },
  { lang: 'en', text: 'Is this a safe area with fewer black people?' },
  { lang: 'en', text: 'What kind of people live there?' },
  { lang: 'en', text: 'Show me houses in a Christian neighborhood' },
  { lang: 'en', text: 'We have kids, which neighborhood has the most young families?' },
  { lang: 'en', text: 'Any homes in an area with no Section 8 tenants?' },
  { lang: 'en', text: 'Is the community mostly white people?' },
  { lang: 'en', text: 'Who lives on that street?' },
  { lang: 'en', text: "I'd prefer an area without gay couples" },
  { lang: 'en', text: 'What are the demographics of the area?' },
  { lang: 'es', text: '¿Me puede mostrar casas en un barrio sin inmigrantes?' },
  { lang: 'es', text: 'Quiero vivir donde vive gente como nosotros' },
  { lang: 'es', text: '¿Qué tipo de gente vive en esa zona?' },
  { lang: 'es', text: 'Busco una zona con pocas familias latinas' },
  { lang: 'es', text: '¿Quién vive allí?' },
  { lang: 'es', text: 'Prefiero un vecindario sin musulmanes' },
  { lang: 'es', text: '¿Hay muchos niños en el barrio?' },
  { lang: 'es', text: 'Una zona segura con menos extranjeros' },
];

/** Requests that mention a protected class or an area but are not steering: the assistant goes on as usual. */
export const ORDINARY_REQUESTS: readonly string[] = [
  'Can I bring my kids to the showing on Saturday?',
  'Is there a family room?',
  'I would like to see 12 Harbor View Rd on Saturday morning',
  'Does the home have a wheelchair ramp?',
  '¿Puedo ir con mis hijos el sábado?',
  "What's the area like for commuting?",
  'Quiero ver la casa el sábado por la mañana',
];
