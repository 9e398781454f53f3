// Issue 18: the booking page's first paint needs only its first step. The calendar, the details form (with
// react-hook-form, the zod details schema and the phone check) and the confirmation are modules of their
// own, imported when the browser is idle after the first step shows, or when the buyer reaches them.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AGENT_ID, fillDetails, pickDateAndTime, renderBooking, withBookingClock } from '../test-fixtures';

/** Which of the later steps' modules have been evaluated (each mock's factory runs on its first import). */
const evaluated = vi.hoisted(() => new Set<string>());
vi.mock('../components/calendar-step', async (original) => {
  evaluated.add('calendar');
  return original();
});
vi.mock('../components/details-panel', async (original) => {
  evaluated.add('details');
  return original();
});
vi.mock('../components/confirmation-step', async (original) => {
  evaluated.add('confirmation');
  return original();
});

withBookingClock();

describe('booking page: later steps load lazily (issue 18)', () => {
  it('paints the first step without the calendar, details or confirmation modules, then warms them on idle', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);

    renderBooking(`/bookme/${AGENT_ID}`);
    expect(await screen.findByRole('radio', { name: 'Property Viewing' })).toBeInTheDocument();
    expect([...evaluated]).toEqual([]);

    expect(idle.length).toBeGreaterThan(0);
    // One chunk per idle period (issue 48): each idle callback asks for the next step once the last has loaded.
    idle.splice(0).forEach((callback) => callback());
    await waitFor(() => expect(idle.length).toBeGreaterThan(0));
    expect(evaluated.size).toBeLessThan(3);
    await waitFor(() => {
      idle.splice(0).forEach((callback) => callback());
      expect([...evaluated].sort()).toEqual(['calendar', 'confirmation', 'details']);
    });
  });

  it('with no idle time, each step loads when the buyer reaches it and the booking goes through', async () => {
    // No idle time at all: every step loads when the buyer reaches it.
    vi.stubGlobal('requestIdleCallback', () => 0);
    vi.stubGlobal('cancelIdleCallback', () => undefined);

    const { user } = renderBooking(`/bookme/${AGENT_ID}`);
    await user.click(await screen.findByRole('radio', { name: 'Property Viewing' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Property' }));
    await user.click(await screen.findByRole('button', { name: /12 Main St/ }));
    await pickDateAndTime(user);
    expect(await screen.findByRole('heading', { name: 'Enter Your Details' })).toBeInTheDocument();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
  });
});

describe('the step a booking address opens on (decision 078)', () => {
  it('names the calendar for ?date=, the asked step and the calendar for ?step=, nothing for the first step', async () => {
    const { firstStepsOf } = await import('../components/lazy-steps');
    expect(firstStepsOf('')).toEqual([]);
    expect(firstStepsOf(undefined)).toEqual([]);
    expect(firstStepsOf('?step=purpose')).toEqual([]);
    expect(firstStepsOf('?step=nonsense')).toEqual([]);
    expect(firstStepsOf('?date=2031-03-04')).toEqual(['calendar']);
    expect(firstStepsOf('?step=details&date=2031-03-04&time=10:00')).toEqual(['details', 'calendar']);
    expect(firstStepsOf('?step=confirmation')).toEqual(['confirmation', 'calendar']);
  });

  it('each step the build preloads is the module its lazy part imports', async () => {
    const { BOOKING_STEP_MODULES } = await import('@/app/first-paint-pages');
    const { default: source } = await import('../components/lazy-steps.tsx?raw');
    for (const module of Object.values(BOOKING_STEP_MODULES)) {
      const file = /components\/([a-z-]+)\.tsx$/.exec(module)?.[1];
      expect(source, module).toContain(`import('./${file}')`);
    }
  });
});
