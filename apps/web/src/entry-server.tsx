// The server's renderer of a public page's first screen (decision 034): the app's own components at the
// address, with the answers the page reads first, to an HTML string the API server puts into index.html's
// #root. Built by `vite build --ssr` into dist-server/ (apps/api/src/http/first-screen.ts loads it). Only the
// rows of FIRST_PAINT_PAGES with `data` or `render` are rendered: for `data` the server asks itself for those
// URLs and renders only when every one answered 200; a `render` row (a marketing page) needs no answers and is
// the signed-out visitor's first screen, the same for everyone.
import { StrictMode } from 'react';
import { StaticRouter } from '@/lib/router';
import { renderToString } from 'react-dom/server';
import { AppProviders } from '@/app/providers';
import {
  BOOKING_PAGE,
  BOOKING_STEP_PRELOAD,
  FIRST_PAINT_MANIFEST,
  FIRST_PAINT_PAGES,
  firstPaintDataUrls,
  matchFirstPaintPath,
} from '@/app/first-paint-pages';
import { AppRoutes, FIRST_PAINT_LOADS, FIRST_SCREEN_PARTS } from '@/app/router';
import { firstStepsOf, preloadFirstSteps } from '@/features/booking/components/lazy-steps';
import { provideFirstScreenStylesheet } from '@/components/first-screen-end';
import { FIRST_PAINT_INLINE_ID, provideInlineAnswers } from '@/lib/first-paint-data';
import { createQueryClient } from '@/lib/query-client';
import { provideSpanish, renderingIn } from '@/lib/locale';
import spanish from '@/lib/spanish';
import { isLocale, type Locale } from '@keyturn/domain/i18n/locales';

// The server renders a page in either language (issue 43): both catalogues are in from the start.
provideSpanish(spanish);

export { FIRST_PAINT_INLINE_ID, FIRST_PAINT_MANIFEST };

/** React's mark of a Suspense boundary the server did not finish (renderToString does not wait for one). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The row of FIRST_PAINT_PAGES `pathname` matches (its `path`) and the API URLs its first screen reads, when
 * that page is rendered by the server; null otherwise (the server sends index.html as it is).
 */
export function firstScreenData(pathname: string): { path: string; urls: string[] } | null {
  const row =
    FIRST_PAINT_PAGES[
      matchFirstPaintPath(
        FIRST_PAINT_PAGES.map((page) => page.path),
        pathname,
      )
    ];
  if (!row || !(row.data || row.render)) return null;
  const data = row.data ?? [];
  const urls = firstPaintDataUrls(row.path, pathname, data);
  return urls.length === data.length ? { path: row.path, urls } : null;
}

/**
 * The addresses whose first screen is the same for every visitor (a rendered row without `:name`): the API server
 * composes them once and keeps them (apps/api/src/http/first-screen.ts), and does so as it starts.
 */
export const KEPT_PATHS = FIRST_PAINT_PAGES.filter(
  (page) => (page.data || page.render) && !page.path.includes(':'),
).map((page) => page.path);

/**
 * The manifest keys of the chunks a page rendered at `url` shows beyond its row's own (the booking step its
 * address opens on, decision 078): the API server preloads them with the page's.
 */
export function firstScreenPreloads(url: string): string[] {
  const { pathname, search } = new URL(url, 'http://localhost');
  const row = FIRST_PAINT_PAGES.find((page) => page.path === firstScreenData(pathname)?.path);
  return row?.module === BOOKING_PAGE ? firstStepsOf(search).map((step) => BOOKING_STEP_PRELOAD + step) : [];
}

/**
 * The markup of the app's first render at `url` (path and query) given `answers` (URL → answer body, as
 * firstScreenData named them), in `locale` (the page's language, which the API server chose); null when that screen has a part that would load later (a lazy part no table
 * names), throws on any other error — either way the server sends index.html as it is. `stylesheet`: the build's
 * stylesheet (its href in index.html), which a page links again where its first screen ends (FirstScreenEnd).
 */
export async function renderFirstScreen(
  url: string,
  answers: Record<string, unknown>,
  locale: Locale = 'en',
  stylesheet: string | null = null,
): Promise<string | null> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const screen = firstScreenData(pathname);
  const row = FIRST_PAINT_PAGES.find((page) => page.path === screen?.path);
  if (!row) throw new Error(`no server-rendered first screen for ${pathname}`);
  // The page's code, the step its address opens on, and its lazy parts below the first screen: renderToString
  // does not wait for a lazy part, so each is loaded here and renders at once (the browser loads the step before
  // it hydrates, and hydrates the parts below when their code arrives).
  await Promise.all([
    FIRST_PAINT_LOADS[row.routeId]?.(),
    row.module === BOOKING_PAGE ? preloadFirstSteps(search) : undefined,
    FIRST_SCREEN_PARTS[row.routeId]?.(),
  ]);
  const queryClient = createQueryClient();
  provideInlineAnswers(answers);
  provideFirstScreenStylesheet(stylesheet);
  renderingIn(isLocale(locale) ? locale : 'en');
  try {
    // The same tree as main.tsx, with the address given instead of the browser's; the browser hydrates it.
    const markup = renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
    );
    // A part that would load later (a lazy chunk not loaded here) leaves its Suspense boundary to the client
    // (`<!--$!-->`): the browser would throw that boundary's server nodes away and report it. The plain page.
    return markup.includes(CLIENT_RENDERED_BOUNDARY) ? null : markup;
  } finally {
    renderingIn(null);
    provideInlineAnswers(null);
    provideFirstScreenStylesheet(null);
    queryClient.clear();
  }
}
