// The first API answers of a public page, asked for by the first-paint preload script (first-paint-preload.ts,
// decision 033) while the app's code is still downloading: the script keeps each answer's promise under
// FIRST_PAINT_DATA_KEY by its URL, and lib/api.ts takes it (once) instead of asking again. Only public GETs
// whose answer does not depend on who asks are listed (app/first-paint-pages.ts), so the script sends no token.
//
// The booking page's first screen is rendered by the server (decision 034): its HTML carries the answers it was
// rendered with in a <script type="application/json" id=FIRST_PAINT_INLINE_ID>, keyed by the URL the server
// asked (`/api/agents/id/…`). takeInlineAnswer hands each one out once, synchronously, so the page's queries
// start with it (TanStack Query initialData) and the client's first render is the server's markup, not a
// loading state. On the server, entry-server.tsx provides the answers for the length of one render.

/** The window property the preload script fills: URL → the answer (null when the request failed). */
export const FIRST_PAINT_DATA_KEY = '__keyturnFirstPaintData';

export type FirstPaintAnswer = { response: Response; text: string };

type Store = Record<string, Promise<FirstPaintAnswer | null> | undefined>;

/**
 * The early answer for `url`, if the preload script asked for it and nobody took it yet — null at once when it
 * did not (a request without one keeps exactly its usual timing). The promise answers null when the early request
 * failed or has not arrived within `waitMs` (the caller then asks as usual).
 */
export function takeFirstPaintAnswer(url: string, waitMs: number): Promise<FirstPaintAnswer | null> | null {
  const store = (window as unknown as Record<string, Store | undefined>)[FIRST_PAINT_DATA_KEY];
  const early = store?.[url];
  if (!store || !early) return null;
  delete store[url];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  return Promise.race([early.catch(() => null), late]).finally(() => clearTimeout(timer));
}

/** The id of the inline answers' element in a server-rendered page (decision 034). */
export const FIRST_PAINT_INLINE_ID = 'keyturn-first-paint-answers';

/** URL → answer body not taken yet (the server's for one render; the browser's from the page's element). */
let inlineAnswers: Record<string, unknown> = {};

/** The server's side: the answers one render may take (null after the render). */
export function provideInlineAnswers(answers: Record<string, unknown> | null): void {
  inlineAnswers = { ...answers };
}

/**
 * The answer body the page's HTML carries for `url` (the API path, `/api/…`), once: a second call, a later
 * navigation or a refetch gets undefined and asks the API as usual.
 */
export function takeInlineAnswer<T>(url: string): T | undefined {
  readInlineElement();
  if (!Object.hasOwn(inlineAnswers, url)) return undefined;
  const body = inlineAnswers[url] as T;
  delete inlineAnswers[url];
  return body;
}

/** The page's element, read once (marked, not removed: the first-paint script looks for it too). */
function readInlineElement(): void {
  if (typeof document === 'undefined') return;
  const element = document.getElementById(FIRST_PAINT_INLINE_ID);
  if (!element || element.dataset.taken) return;
  element.dataset.taken = 'true';
  try {
    const parsed: unknown = JSON.parse(element.textContent || 'null');
    if (parsed && typeof parsed === 'object') inlineAnswers = { ...inlineAnswers, ...parsed };
  } catch {
    // Not ours or broken: the page asks the API.
  }
}
