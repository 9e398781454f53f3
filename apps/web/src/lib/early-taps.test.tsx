import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingCalendar } from '@/components/booking-calendar/booking-calendar';
import type { BookingCalendarProps } from '@/components/booking-calendar/booking-calendar';
import { EARLY_TAPS_KEY, EARLY_TAP_ATTRIBUTE, captureEarlyTaps, takeEarlyTap } from './early-taps';

// Monday, March 3, 2031; the 4th and the 5th have times.
const TODAY = new Date(2031, 2, 3, 10, 0);
const store = window as unknown as Record<string, unknown>;

// A worker that stays (vmForks) may have run another file's page first: each test starts with no capture.
beforeEach(() => {
  delete store[EARLY_TAPS_KEY];
});
afterEach(() => {
  delete store[EARLY_TAPS_KEY];
  document.body.innerHTML = '';
});

/** The calendar as the server sends it: markup with no handler behind it yet. */
function serverRendered(props: BookingCalendarProps) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<BookingCalendar {...props} />);
  document.body.appendChild(container);
  return container;
}

const button = (container: HTMLElement, selector: string) => {
  const found = container.querySelector<HTMLButtonElement>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};

describe('taps before the page is hydrated (issue 48)', () => {
  it('keeps the last tap on a day, shows it pressed, and stops it before any other handler', () => {
    document.body.innerHTML = `<button ${EARLY_TAP_ATTRIBUTE}="2031-03-04"><span>4</span></button>
      <button ${EARLY_TAP_ATTRIBUTE}="2031-03-05">5</button><button id="other">other</button>`;
    const seen = vi.fn();
    document.body.addEventListener('click', seen);
    captureEarlyTaps(EARLY_TAPS_KEY, EARLY_TAP_ATTRIBUTE);
    const [fourth, fifth] = document.querySelectorAll<HTMLButtonElement>(`[${EARLY_TAP_ATTRIBUTE}]`);
    fourth!.querySelector('span')!.click();
    expect(fourth!.getAttribute('aria-pressed')).toBe('true');
    fifth!.click();
    expect(fourth!.hasAttribute('aria-pressed')).toBe(false);
    expect(fifth!.getAttribute('aria-pressed')).toBe('true');
    expect(seen).not.toHaveBeenCalled();
    document.getElementById('other')!.click();
    expect(seen).toHaveBeenCalledTimes(1);

    expect(takeEarlyTap()).toBe('2031-03-05');
    expect(fifth!.hasAttribute('aria-pressed')).toBe(false);
    // From now on the page's own handlers get every tap, and nothing is kept twice.
    fourth!.click();
    expect(seen).toHaveBeenCalledTimes(2);
    expect(takeEarlyTap()).toBeNull();
  });

  it('gives a button its own aria-pressed back when the page takes over', () => {
    document.body.innerHTML = `<button aria-pressed="false" ${EARLY_TAP_ATTRIBUTE}="2031-03-04">4</button>
      <button aria-disabled="true" ${EARLY_TAP_ATTRIBUTE}="2031-03-01">1</button>`;
    captureEarlyTaps(EARLY_TAPS_KEY, EARLY_TAP_ATTRIBUTE);
    const [fourth, first] = document.querySelectorAll('button');
    fourth!.click();
    expect(fourth!.getAttribute('aria-pressed')).toBe('true');
    // A day that cannot be chosen is not kept (nor shown pressed): the one before it stays the tap.
    first!.click();
    expect(first!.hasAttribute('aria-pressed')).toBe(false);
    expect(takeEarlyTap()).toBe('2031-03-04');
    expect(fourth!.getAttribute('aria-pressed')).toBe('false');
  });

  it('captures nothing when the script arrives after the page took over', () => {
    expect(takeEarlyTap()).toBeNull();
    document.body.innerHTML = `<button ${EARLY_TAP_ATTRIBUTE}="2031-03-04">4</button>`;
    const seen = vi.fn();
    document.body.addEventListener('click', seen);
    captureEarlyTaps(EARLY_TAPS_KEY, EARLY_TAP_ATTRIBUTE);
    document.querySelector('button')!.click();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(document.querySelector('button')!.hasAttribute('aria-pressed')).toBe(false);
  });

  it('the hydrated calendar makes a day tapped on the server markup the chosen day, once', async () => {
    const onDateSelect = vi.fn();
    const props: BookingCalendarProps = {
      selectedDate: null,
      availableDates: ['2031-03-04', '2031-03-05'],
      onDateSelect,
      today: TODAY,
    };
    const container = serverRendered(props);
    captureEarlyTaps(EARLY_TAPS_KEY, EARLY_TAP_ATTRIBUTE);
    button(container, '[data-date="2031-03-05"]').click();
    expect(onDateSelect).not.toHaveBeenCalled();

    await act(async () => {
      hydrateRoot(container, <BookingCalendar {...props} />);
    });
    expect(onDateSelect).toHaveBeenCalledTimes(1);
    expect(onDateSelect.mock.calls[0]![0]).toEqual(new Date(2031, 2, 5));
    // Later taps are React's own.
    button(container, '[data-date="2031-03-04"]').click();
    expect(onDateSelect).toHaveBeenCalledTimes(2);
    expect(onDateSelect.mock.calls[1]![0]).toEqual(new Date(2031, 2, 4));
  });

  it('the hydrated calendar drops a kept tap on a day it cannot choose', async () => {
    const onDateSelect = vi.fn();
    const props: BookingCalendarProps = {
      selectedDate: null,
      availableDates: ['2031-03-04'],
      onDateSelect,
      today: TODAY,
    };
    const container = serverRendered(props);
    // The day is past on the client's calendar (kept as if the server had shown it choosable).
    store[EARLY_TAPS_KEY] = { take: () => '2031-03-02' };
    await act(async () => {
      hydrateRoot(container, <BookingCalendar {...props} />);
    });
    expect(onDateSelect).not.toHaveBeenCalled();
    expect(button(container, '[data-date="2031-03-02"]').getAttribute('aria-disabled')).toBe('true');
  });
});
