// Where sign-in and sign-up continue to (`?next=`): only a path of this app, never another site
// (`//evil.example`, `/\evil.example`, `https://…`) — an open redirect would make our links phishing tools.
export function safeNextPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** `/sign-in?next=…` for a page that wants the visitor back after signing in or up. */
export function withNext(path: '/sign-in' | '/sign-up' | '/profile', next: string): string {
  return `${path}?next=${encodeURIComponent(next)}`;
}
