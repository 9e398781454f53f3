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

/** /:username/:address/:propertyId/book — one property's booking page. */
export function propertyBookingPath(username: string, address: string, propertyId: number): string {
  return `/${encodeURIComponent(username)}/${slugify(address)}/${propertyId}/book`;
}

/** /booking/:linkId — an agent's saved link or invitation. */
export function bookingLinkPath(linkId: string): string {
  return `/booking/${encodeURIComponent(linkId)}`;
}
