// The page's title in the browser tab. Preact (the app's React, decision 031) does not move a <title> rendered in
// a component into <head> as React 19 does, so every screen names itself through this one component instead.
import { useLayoutEffect } from 'react';

// The titles of the screens shown now, innermost last; the document's own title (index.html's) under them.
const shown: { title: string }[] = [];
let documentTitle = '';

/**
 * Sets `document.title` while it is rendered (before the browser paints) and gives the previous one back when
 * it goes: the last screen to name itself wins, and leaving every screen shows index.html's title again.
 */
export function PageTitle({ children: title }: { children: string }) {
  useLayoutEffect(() => {
    if (shown.length === 0) documentTitle = document.title;
    const entry = { title };
    shown.push(entry);
    document.title = title;
    return () => {
      shown.splice(shown.indexOf(entry), 1);
      document.title = shown.at(-1)?.title ?? documentTitle;
    };
  }, [title]);
  return null;
}
