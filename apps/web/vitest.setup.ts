// Test environment for the component tests (React DOM, as in the app: decision 036): jest-dom matchers, a fresh
// DOM and storage per test, the browser APIs jsdom lacks (react-hot-toast's <Toaster> calls window.matchMedia),
// and a clean end: no animation frame may outlive the test that asked for it (a callback running after jsdom is
// torn down fails the whole run with "cancelAnimationFrame is not defined").
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import toast from 'react-hot-toast';

// The app loads the toaster on demand (lib/toast.ts, decision 030). Its modules are transformed once here, so a
// test's first toast waits for a cached import, not for the transform on a loaded machine.
await import('./src/app/toaster');

// The toaster, the booking steps and charts load on demand: on a loaded CI machine a chain of them can outlast
// Testing Library's default 1 s wait. findBy*/waitFor wait up to 5 s; a passing test is as fast as before, a
// failing one only fails later.
configure({ asyncUtilTimeout: 5_000 });

/** The animation frames asked for and not yet run or cancelled, in the current test. */
const pendingFrames = new Set<number>();
const request = window.requestAnimationFrame.bind(window);
const cancel = window.cancelAnimationFrame.bind(window);

beforeEach(() => {
  pendingFrames.clear();
  window.requestAnimationFrame = (callback) => {
    const frame = request((time) => {
      pendingFrames.delete(frame);
      callback(time);
    });
    pendingFrames.add(frame);
    return frame;
  };
  window.cancelAnimationFrame = (frame) => {
    pendingFrames.delete(frame);
    cancel(frame);
  };
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
  // Unmounting runs every effect's clean-up: a component that asked for a frame cancels it there.
  cleanup();
  const leftover = pendingFrames.size;
  pendingFrames.forEach((frame) => window.cancelAnimationFrame(frame));
  expect(leftover, 'animation frames still pending after every component was unmounted').toBe(0);
  window.localStorage.clear();
  window.sessionStorage.clear();
  // A toast lives 4 s in react-hot-toast's store, longer than a test: the next test's toaster must not show it
  // (nor a dialog's scroll lock outlive the test that opened it).
  toast.remove();
  document.body.style.overflow = '';
});
