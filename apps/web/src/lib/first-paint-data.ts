// The first API answers of a public page, asked for by the first-paint preload script (first-paint-preload.ts,
// decision 033) while the app's code is still downloading: the script keeps each answer's promise under
// FIRST_PAINT_DATA_KEY by its URL, and lib/api.ts takes it (once) instead of asking again. Only public GETs
// whose answer does not depend on who asks are listed (app/first-paint-pages.ts), so the script sends no token.

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
