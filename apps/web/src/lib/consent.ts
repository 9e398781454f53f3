// The visitor's analytics choice (spec §2.3, §4, §9): unset, accepted or rejected, kept in localStorage under
// CONSENT_STORAGE_KEY. Screens read it through useConsent(); every change is announced to subscribers, also
// when another tab of the site makes it.
import { useSyncExternalStore } from 'react';
import { CONSENT_STORAGE_KEY, CONSENT_VALUES } from '@keyturn/domain/constants';
import type { ConsentValue } from '@keyturn/domain/constants';

/** `null` while the visitor has not decided. */
export type Consent = ConsentValue | null;

const listeners = new Set<() => void>();

/** The stored choice; anything else under the key counts as undecided. */
export function getConsent(): Consent {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    // Storage disabled (some private modes): only this page's choice, if any, is known.
  }
  return isConsentValue(stored) ? stored : unsavedChoice;
}

/** Stores the choice and tells every subscriber. */
export function setConsent(value: ConsentValue): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, value);
  } catch {
    // Not remembered past this page, but still applied to it.
    unsavedChoice = value;
  }
  notify();
}

/** Calls `listener` after every change of the choice; returns the unsubscribe function. */
export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The current choice, re-rendering when it changes. */
export function useConsent(): Consent {
  return useSyncExternalStore(subscribeConsent, getConsent, () => null);
}

// When storage refuses writes, the choice made on this page still holds until the page is left.
let unsavedChoice: Consent = null;

function isConsentValue(value: string | null): value is ConsentValue {
  return (CONSENT_VALUES as readonly (string | null)[]).includes(value);
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === CONSENT_STORAGE_KEY || event.key === null) notify();
}
