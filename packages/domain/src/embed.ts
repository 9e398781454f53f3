// Embeds (issue 34 §1, decision 057): the booking page inside an agent's own website. One place for what the
// loader (/embed.js), the embedded page's bridge, the server's framing rule and the Settings snippets share:
// the embed addresses, the messages between the frame and the host page, and the snippets' text.

/** The embedded booking page's addresses (also in appPaths.ts): the only pages any site may frame. */
export const EMBED_PATH_PREFIX = '/embed/';

/** The query parameter carrying the host page's origin: the frame posts its messages to that origin only. */
export const EMBED_ORIGIN_PARAM = 'embed_origin';

export type EmbedTarget = { kind: 'agent'; id: string } | { kind: 'property'; id: string };

/** The embedded page of an agent (their booking page) or of a property (by its public id). */
export function embedPath(target: EmbedTarget): string {
  const id = encodeURIComponent(target.id);
  return target.kind === 'agent' ? `${EMBED_PATH_PREFIX}bookme/${id}` : `${EMBED_PATH_PREFIX}property/${id}`;
}

/** Whether `pathname` is one of the embed pages (the server lets any site frame these, nothing else). */
export function isEmbedPath(pathname: string): boolean {
  return pathname.toLowerCase().startsWith(EMBED_PATH_PREFIX);
}

/**
 * The origin the frame was told it is embedded in, when it is a plain http(s) origin; null otherwise (the
 * frame then posts nothing).
 */
export function hostOriginOf(raw: string | null): string | null {
  return raw && HOST_ORIGIN.test(raw) ? raw : null;
}

/** An origin as browsers write it (location.origin): scheme, host (name, IPv4 or [IPv6]) and maybe a port. */
const HOST_ORIGIN = /^https?:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::\d{1,5})?$/;

/** What the frame tells the host page. None carries personal data: the page's height, the step's name. */
export type EmbedMessage =
  | { type: 'keyturn:resize'; height: number }
  | { type: 'keyturn:step'; step: string }
  | { type: 'keyturn:booking_created' }
  | { type: 'keyturn:close' };

/** The events the loader re-dispatches on the host page (DOM events of these names, bubbling from the widget). */
export const EMBED_HOST_EVENTS = ['keyturn:step', 'keyturn:booking_created'] as const;

export const EMBED_TEXTS = {
  button: 'Schedule a showing',
  close: 'Close',
  frameTitle: 'Book a showing',
} as const;

export type EmbedSnippetKind = 'inline' | 'popup' | 'button';

/** The HTML an agent pastes into their site, for each of the three forms. */
export function embedSnippet(
  kind: EmbedSnippetKind,
  options: { origin: string; target: EmbedTarget; color: string },
): string {
  const attribute = `data-keyturn-${options.target.kind}="${escapeAttribute(options.target.id)}"`;
  const script = `<script src="${options.origin}/embed.js" async></script>`;
  switch (kind) {
    case 'inline':
      return `<div ${attribute}></div>\n${script}`;
    case 'popup':
      return `<button type="button" data-keyturn-open ${attribute}>${EMBED_TEXTS.button}</button>\n${script}`;
    case 'button':
      return `<script src="${options.origin}/embed.js" data-keyturn-button ${attribute} data-keyturn-color="${escapeAttribute(options.color)}" async></script>`;
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
