// Where a server-rendered public page's first screen ends (issue 48, decision 102): the page's stylesheet, linked
// again at that point. A stylesheet link in the body holds Chromium's parser until the file has arrived, so it
// paints what came before — the first screen, whose rules are already inline — instead of first reading the whole
// rest of the page (on the phone profile the landing's hero painted ~20 ms sooner). The API server leaves a link in
// the body as it is (apps/api/src/http/critical-css.ts); the page's inline rules still cover what follows, for a
// browser that does not wait there.
//
// The link is the app's own element, so the browser's first render must have it too: it takes the href from the
// element the server rendered (a page the browser renders itself, after a navigation, has none and adds none — its
// stylesheet is already in the document).
import { useState } from 'react';

/** The server's side: the build's stylesheet for the length of one render (null after it). */
let serverStylesheet: string | null = null;

export function provideFirstScreenStylesheet(href: string | null): void {
  serverStylesheet = href;
}

const RENDERED_LINK = 'link[rel="stylesheet"][data-first-screen-end]';

function stylesheetHref(): string | null {
  if (serverStylesheet !== null || typeof document === 'undefined') return serverStylesheet;
  return document.querySelector(RENDERED_LINK)?.getAttribute('href') ?? null;
}

export function FirstScreenEnd() {
  const [href] = useState(stylesheetHref);
  // crossOrigin as the build's own link has it: the same request, answered from the same fetch.
  return href ? <link rel="stylesheet" href={href} crossOrigin="" data-first-screen-end="" /> : null;
}
