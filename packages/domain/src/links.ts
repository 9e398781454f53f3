// The public booking URLs of spec §2.1, built in one place: the dashboard shows them, the server puts them
// in e-mails, the booking page is routed by them.

/** '88 Riverside Drive, Unit 12B' → '88-riverside-drive-unit-12b' (letters and digits, single hyphens). */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'property';
}

/** /bookme/:agentId/:agentName — the agent's own booking page (consultations and all their properties). */
export function agentBookingPath(agentId: string, username: string): string {
  return `/bookme/${encodeURIComponent(agentId)}/${encodeURIComponent(username)}`;
}

/**
 * /:username/:address/:propertyId/book — one property's booking page. The links the app and its e-mails
 * hand out name the property by its unguessable public id; the spec's numeric id is accepted as well.
 */
export function propertyBookingPath(username: string, address: string, propertyId: PropertyRef): string {
  return `/${encodeURIComponent(username)}/${slugify(address)}/${encodeURIComponent(String(propertyId))}/book`;
}

/** A property as a public address names it: the numeric id of the spec, or the unguessable public id. */
export type PropertyRef = number | string;

/** A property's public id: 32 lowercase hex digits (a random UUID without its hyphens). */
export const PROPERTY_PUBLIC_ID = /^[0-9a-f]{32}$/;

/**
 * The property a path segment names: a positive integer that fits the id column, a public id, or null for
 * anything else (the page answers "not found" without asking the server).
 */
export function parsePropertyRef(raw: string | undefined): PropertyRef | null {
  if (raw === undefined) return null;
  if (PROPERTY_PUBLIC_ID.test(raw)) return raw;
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** /booking/:linkId — an agent's saved link or invitation. */
export function bookingLinkPath(linkId: string): string {
  return `/booking/${encodeURIComponent(linkId)}`;
}

/** The page an invitation e-mail links to (issue 15): accept, after signing up or in. */
export function teamInvitationPath(invitationId: string): string {
  return `/team-invitation/${encodeURIComponent(invitationId)}`;
}

/** /team/:slug — a team's public page (issue 15); its consultation with the team under /consultation. */
export function teamPagePath(slug: string, consultation = false): string {
  return `/team/${encodeURIComponent(slug)}${consultation ? '/consultation' : ''}`;
}
