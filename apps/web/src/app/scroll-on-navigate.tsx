import { useLayoutEffect } from 'react';
import { scrollResetPrevented, useLocation, useNavigationType } from '@/lib/router';

/**
 * Scroll position per navigation, as React Router's ScrollRestoration did under its data router: a new
 * address (link, navigate) starts at the top, or at its #anchor, unless it asked to keep the position
 * (preventScrollReset: the buyer pages' language switch); Back and Forward leave the position to the browser,
 * which restores it.
 */
export function ScrollOnNavigate() {
  const { key, hash } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type === 'POP' || scrollResetPrevented()) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // A new location key is a new navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}
