// Element ids for labels and ARIA references, unique in the whole document. Preact's useId (preact/compat is the
// app's React, decision 031) numbers ids per render root, and a dialog's portal is a root of its own: its first
// id equalled the page's first id ("P0-0"), so a dialog's title named a search field behind it. A counter per
// document never repeats. The server renders a page's first screen (decision 034) starting from the same count as
// a freshly loaded page does (resetIdsForServerRender), so its ids are the ones the browser's first render gives.
import { useState } from 'react';

let last = 0;

export function useId(): string {
  const [id] = useState(() => `kt-${(last += 1).toString(36)}`);
  return id;
}

/** The server's side: every render of a first screen counts from the start, as a freshly loaded page does. */
export function resetIdsForServerRender(): void {
  last = 0;
}
