import { useEffect, useState } from 'react';

/**
 * False on the first render, true once mounted. A part that the server cannot render as the browser's first
 * render would (a lazy chunk, the browser's own state) waits for it, so a server-rendered first screen
 * (decision 034) and the client's first render are the same markup.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
