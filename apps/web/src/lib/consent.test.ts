import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONSENT_STORAGE_KEY } from '@keyturn/domain/constants';
import { getConsent, setConsent, subscribeConsent, useConsent } from './consent';

describe('analytics consent (spec §4, §9)', () => {
  it('is undecided until a choice is stored, and unknown stored values count as undecided', () => {
    expect(getConsent()).toBeNull();
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'maybe');
    expect(getConsent()).toBeNull();
  });

  it('stores accepted or rejected under cookie-consent and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    setConsent('accepted');
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(getConsent()).toBe('accepted');
    setConsent('rejected');
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('rejected');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setConsent('accepted');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('re-renders its readers, also when another tab decides', () => {
    const { result } = renderHook(() => useConsent());
    expect(result.current).toBeNull();
    act(() => setConsent('rejected'));
    expect(result.current).toBe('rejected');

    act(() => {
      window.localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
      window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_STORAGE_KEY, newValue: 'accepted' }));
    });
    expect(result.current).toBe('accepted');
  });

  it('still applies a choice to this page when storage refuses to keep it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    setConsent('rejected');
    expect(getConsent()).toBe('rejected');
  });
});
