// Spec §3 analytics moments of the agent's bookings, through the consent-gated queue: a booking the agent
// adds (created, and confirmed when it is), a confirmation, and a cancellation or decline with its reason.
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentBooking } from '@keyturn/domain/schemas/agentBooking';
import { setConsent } from '@/lib/consent';
import { json, stubApi, testQueryClient } from '@/test/utils';
import { useBookingAction, useCreateBooking } from './use-bookings';

const booking = (overrides: Partial<AgentBooking>) =>
  ({
    id: 'b1',
    status: 'pending',
    booking_date: '2030-03-04',
    property_address: '1 Elm Street',
    ...overrides,
  }) as AgentBooking;

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>
);
const events = (name: string) => (window.dataLayer ?? []).filter((e) => e.event === name);
const payload = (status: string) => ({
  id: 'b1',
  property_address: '1 Elm Street',
  appointment_date: '2030-03-04',
  status,
});

beforeEach(() => {
  window.dataLayer = [];
  setConsent('accepted');
});

describe('agent booking analytics', () => {
  it('Confirm fires booking_confirmed', async () => {
    stubApi({
      'PUT /bookings/b1': () => json(200, { success: true, data: booking({ status: 'confirmed' }) }),
    });
    const { result } = renderHook(() => useBookingAction('b1'), { wrapper });
    await result.current.mutateAsync({ action: 'confirm' });
    await waitFor(() =>
      expect(events('booking_confirmed')).toEqual([
        { event: 'booking_confirmed', booking: payload('confirmed') },
      ]),
    );
    expect(events('booking_cancelled')).toHaveLength(0);
  });

  it('Cancel fires booking_cancelled and the cancellation reason', async () => {
    stubApi({
      'PUT /bookings/b1': () => json(200, { success: true, data: booking({ status: 'cancelled' }) }),
    });
    const { result } = renderHook(() => useBookingAction('b1'), { wrapper });
    await result.current.mutateAsync({ action: 'cancel', reason: 'Seller withdrew' });
    expect(events('booking_cancelled')).toEqual([
      { event: 'booking_cancelled', booking: payload('cancelled') },
    ]);
    expect(events('booking_cancellation')).toEqual([
      { event: 'booking_cancellation', cancellation: { reason: 'Seller withdrew' } },
    ]);
  });

  it("Decline without a reason counts as 'user_cancelled'", async () => {
    stubApi({
      'PUT /bookings/b1': () => json(200, { success: true, data: booking({ status: 'declined' }) }),
    });
    const { result } = renderHook(() => useBookingAction('b1'), { wrapper });
    await result.current.mutateAsync({ action: 'decline' });
    expect(events('booking_cancellation')).toEqual([
      { event: 'booking_cancellation', cancellation: { reason: 'user_cancelled' } },
    ]);
  });

  it('a booking the agent adds fires booking_created (and booking_confirmed when confirmed)', async () => {
    stubApi({ 'POST /bookings': () => json(201, { success: true, data: booking({ status: 'confirmed' }) }) });
    const { result } = renderHook(() => useCreateBooking(), { wrapper });
    await result.current.mutateAsync({} as never);
    expect(events('booking_created')).toEqual([{ event: 'booking_created', booking: payload('confirmed') }]);
    expect(events('booking_confirmed')).toHaveLength(1);
  });
});
