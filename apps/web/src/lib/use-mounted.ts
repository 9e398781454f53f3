import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

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

/**
 * False on the first render; true once mounted and the browser is next idle (lib/when-idle.ts). For parts no first
 * screen shows whose code loads when they render: started before the page's hydration is done, their loading held
 * the rest of a server-rendered page's hydration back until their code arrived (issue 48: ~0.5 s after the load
 * event on the phone profile, the booking page's days not yet live).
 */
export function useStartedWhenIdle(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => whenIdle(() => setStarted(true)), []);
  return started;
}
