import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@/lib/router';
import { AppProviders } from '@/app/providers';
import { AppRoutes, preloadFirstPage } from '@/app/router';
import { reportRecoverableError } from '@/lib/hydration';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders>
      {/* Address changes render at once, not in a transition (the address is an external store): a controlled
            control that writes the address (the booking page's purpose radios) shows its new state on the click
            itself, even on a busy phone, and a lazy page shows "Loading page..." (spec §2.1) instead of holding
            the previous one. */}
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);
// The page's code first (index.html already asked for it): the first render is the page, not its loading state.
// (A promise, not a top-level await: with one, the bundler splits the entry into many small shared files.)
// A page the server rendered (decision 034) is hydrated: React takes over the server's nodes as they are
// (decision 036); a difference between the two renders is a bug, reported by reportRecoverableError.
// A page in Spanish (the server wrote <html lang="es">) has its texts before its first render, as the server had
// (only a buyer page is ever Spanish; its code loads lib/locale.tsx anyway).
const spanish =
  document.documentElement.lang === 'es' ? import('@/lib/locale').then((m) => m.loadLocale('es')) : undefined;
void Promise.all([preloadFirstPage(window.location.pathname), spanish]).then(() => {
  if (container.firstElementChild)
    hydrateRoot(container, app, { onRecoverableError: reportRecoverableError });
  else createRoot(container).render(app);
});
