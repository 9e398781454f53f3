// Issue 44: the held time's countdown — the clock is shown each second; a screen reader hears once that one
// minute is left and once that the hold ended (not every second).
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { HoldNotice } from './hold-notice';

const NOW = new Date('2031-03-03T15:00:00Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('HoldNotice', () => {
  it('counts down, announces the last minute once and the end once', () => {
    render(<HoldNotice expiresAt={new Date(NOW.getTime() + 62_000).toISOString()} time="2:00 PM EST" />);
    expect(screen.getByTestId('hold-notice')).toHaveTextContent(
      'We’re holding 2:00 PM EST for you for 1:02 while you fill this in.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('hold-notice')).toHaveTextContent('for 0:59');
    expect(screen.getByRole('status')).toHaveTextContent(HOLD_TEXTS.lastMinute);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('status')).toHaveTextContent(HOLD_TEXTS.ended);
    expect(screen.getByTestId('hold-notice')).toHaveTextContent(HOLD_TEXTS.ended);
    expect(vi.getTimerCount()).toBe(0);
  });
});
