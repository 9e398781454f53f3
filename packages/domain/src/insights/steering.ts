// Fair housing (issue 46, decision 090): steering — suggesting or steering a buyer towards or away from
// neighbourhoods or homes by who lives there — is what the Fair Housing Act forbids an agent, and so the
// booking assistant. A request is steering when it asks who lives somewhere ("what kind of people live
// there", "people like us", "quién vive") or names a protected class together with a place to live ("a
// neighbourhood without immigrants", "where families with kids live", "zona sin inmigrantes"). The assistant
// answers such a request with one fixed sentence (FAIR_HOUSING_TEXTS.steering) and suggests nothing.
import { foldForMatching, mentionsProtectedClass } from './protectedTerms';

const words = (alternatives: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'u');

/** Asking who lives somewhere, or for people "like us": steering whatever else the message says. */
const WHO_LIVES_THERE = words([
  '(?:people|folks|families|neighbou?rs) like (?:us|me|ours|mine)',
  '(?:our|my) (?:own )?kind of (?:people|neighbou?rs|neighbou?rhood|area|folks)',
  '(?:the )?right kind of (?:people|neighbou?rs|neighbou?rhood|area|folks)',
  '(?:those|these|that kind of|such) (?:people|folks|families)',
  'who (?:lives?|is living|are living) (?:there|here|in|on|nearby|next door|around|near)',
  'who (?:are|would be|will be) (?:the|my|our) neighbou?rs',
  'what (?:kind|sort|type) of (?:people|neighbou?rs|families|folks|residents)',
  'what are the neighbou?rs like',
  'demographics?',
  '(?:gente|personas|familias|vecinos) como (?:nosotros|nosotras|yo|la nuestra|las nuestras)',
  '(?:nuestro|mi) tipo de (?:gente|personas|vecinos|barrio)',
  '(?:ese|este|esa) tipo de (?:gente|personas|vecinos)',
  '(?:esa|esta) gente',
  'quien(?:es)? (?:vive|viven) (?:alli|ahi|alla|aqui|en|cerca|al lado)',
  'que (?:tipo|clase) de (?:gente|personas|vecinos|familias)',
  'como son los vecinos',
  'demografia',
]);

/** A place to live: a protected class named together with one of these is a steering request. */
const PLACE_TO_LIVE = words([
  'neighbou?rhoods?',
  'areas?',
  'part of (?:town|the city)',
  'parts of (?:town|the city)',
  'communit(?:y|ies)',
  'districts?',
  'suburbs?',
  'zones?',
  'zip codes?',
  'neighbou?rs',
  'streets? (?:with|without|full of|where)',
  'blocks? (?:with|without|full of|where)',
  'where (?:\\p{L}+ ){0,6}(?:live|lives|living)',
  'live (?:in|near|around|among|with|next to)',
  'living (?:in|near|around|among|with|next to)',
  'barrios?',
  'zonas?',
  'vecindarios?',
  'colonias?',
  'comunidad(?:es)?',
  'urbanizacion(?:es)?',
  'vecin[oa]s',
  'calles? (?:con|sin|llenas? de|donde)',
  'donde (?:\\p{L}+ ){0,6}(?:viv[ea]n?|vivir)',
  'viv(?:ir|en|e) (?:en|cerca|entre|con|junto)',
]);

/** Whether a buyer's message asks for homes or areas by who lives there (steering). */
export function isSteeringRequest(text: string): boolean {
  const folded = foldForMatching(text);
  if (WHO_LIVES_THERE.test(folded)) return true;
  return PLACE_TO_LIVE.test(folded) && mentionsProtectedClass(text);
}
