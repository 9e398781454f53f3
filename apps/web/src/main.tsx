import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { render, type ComponentChild } from 'preact';
import { AppProviders } from '@/app/providers';
import { AppRoutes, preloadFirstPage } from '@/app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A page the server rendered (decision 034) keeps its nodes: Preact's own render diffs the app against the
// markup already in #root, reusing and correcting those nodes (preact/compat's createRoot would empty #root
// first and build the same screen again).
const app = (
  <StrictMode>
    <AppProviders>
      {/* Address changes render at once, not in a transition: a controlled control that writes the address
            (the booking page's purpose radios) shows its new state on the click itself, even on a busy phone,
            and a lazy page shows "Loading page..." (spec §2.1) instead of holding the previous one. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);
// The page's code first (index.html already asked for it): the first render is the page, not its loading state.
// (A promise, not a top-level await: with one, the bundler splits the entry into many small shared files.)
void preloadFirstPage(window.location.pathname).then(() => {
  if (container.firstElementChild) render(app as ComponentChild, container);
  else createRoot(container).render(app);
});
