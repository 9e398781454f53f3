// Test environment for the component tests: jest-dom matchers, a fresh DOM and storage per test, and the
// browser APIs jsdom lacks (react-hot-toast's <Toaster> calls window.matchMedia).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// The app loads the toaster on demand (lib/toast.ts, decision 030). Its modules are transformed once here, so a
// test's first toast waits for a cached import, not for the transform on a loaded machine.
await import('./src/app/toaster');

// Preact runs effects after the next frame (in jsdom, a timer), and the toaster, the booking steps and charts
// load on demand: on a loaded CI machine a chain of them can outlast Testing Library's default 1 s wait.
// findBy*/waitFor wait up to 5 s; a passing test is as fast as before, a failing one only fails later.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  window.scrollTo = () => undefined;
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
