// Element ids for labels and ARIA references, unique in the whole document. Preact's useId (preact/compat is the
// app's React, decision 031) numbers ids per render root, and a dialog's portal is a root of its own: its first
// id equalled the page's first id ("P0-0"), so a dialog's title named a search field behind it. A counter per
// document never repeats; the app renders only in the browser, so no server-rendered id has to match.
import { useState } from 'react';

let last = 0;

export function useId(): string {
  const [id] = useState(() => `kt-${(last += 1).toString(36)}`);
  return id;
}
