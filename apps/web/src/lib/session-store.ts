// JSON values kept for the tab's session (sessionStorage): what a buyer typed survives a reload and the
// browser's back/forward, and is gone when the tab closes. Storage that is disabled or full is ignored.

export function readSession<T>(key: string, parse: (value: unknown) => T | null): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw === null ? null : parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage disabled or full: the value lives only as long as the page.
  }
}

export function removeSession(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing stored, then.
  }
}
