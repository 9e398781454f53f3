// Test environment for the component tests: jest-dom matchers, a fresh DOM and storage per test, and the
// browser APIs jsdom lacks (react-hot-toast's <Toaster> calls window.matchMedia).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// The app loads the toaster on demand (lib/toast.ts, decision 030). Its modules are transformed once here, so a
// test's first toast waits for a cached import, not for the transform on a loaded machine.
await import('./src/app/toaster');

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
