// Issue 44 "Waitlist": the Bookings page lists the buyers waiting on each property's date, by date and place in
// line, with the time offered to the first and until when; Remove takes a buyer off the list.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import type { WaitlistEntryView } from '@keyturn/domain/schemas/timeWaitlist';
import { WAITLIST_STATUS_LABELS, WAITLIST_TEXTS } from '@keyturn/domain/slots/waitlist';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { WaitlistSection } from './waitlist-section';

const WORDS = WAITLIST_TEXTS.agent;

const entry = (overrides: Partial<WaitlistEntryView>): WaitlistEntryView => ({
  id: 'w-1',
  status: 'waiting',
  date: '2031-03-04',
  part: 'any',
  place: 1,
  client_name: 'Fox Mulder',
  client_email: 'fox@example.com',
  client_phone: '+15550100199',
  joined_at: '2031-03-01T12:00:00.000Z',
  offer: null,
  property: { id: 42, address: '12 Main St' },
  ...overrides,
});

const render = () =>
  renderAt(<WaitlistSection timeZone="America/New_York" />, { path: '/dashboard/bookings' });

afterEach(() => {
  toast.remove();
});

describe('WaitlistSection', () => {
  it('lists the buyers by date and place, the offer with its hold; Remove takes one off and asks again', async () => {
    let list = [
      entry({ id: 'w-3', date: '2031-03-05', place: 1, client_name: 'Walter Skinner' }),
      entry({ id: 'w-2', place: 2, part: 'evening', client_name: 'Dana Katz' }),
      entry({
        id: 'w-1',
        status: 'offered',
        place: 1,
        offer: { starts_at: '2031-03-04T19:00:00.000Z', expires_at: '2031-03-03T15:15:00.000Z' },
      }),
      entry({ id: 'w-4', status: 'left', place: null, client_name: 'Alex Krycek' }),
    ];
    const api = stubApi({
      ...signedInSessionRoutes(),
      'GET /waitlist-entries': () => json(200, { success: true, data: list }),
      'DELETE /waitlist-entries/w-2': () => {
        list = list.filter((e) => e.id !== 'w-2');
        return json(200, { success: true });
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: WORDS.heading })).toBeInTheDocument();
    expect(screen.getByText(WORDS.intro)).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/·.*@/).textContent)).toEqual([
      'Fox Mulder · fox@example.com · +15550100199',
      'Dana Katz · fox@example.com · +15550100199',
      'Alex Krycek · fox@example.com · +15550100199',
      'Walter Skinner · fox@example.com · +15550100199',
    ]);
    const first = within(rows[0]!);
    expect(first.getByText('12 Main St')).toBeInTheDocument();
    expect(first.getByText('Tue, Mar 4 · Any time that day · #1')).toBeInTheDocument();
    expect(first.getByText(WAITLIST_STATUS_LABELS.offered)).toBeInTheDocument();
    expect(
      first.getByText('2:00 PM Eastern Time (New York) · Fox Mulder — held until 10:15 AM'),
    ).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Tue, Mar 4 · Evening (after 5 PM) · #2')).toBeInTheDocument();
    // Only buyers still in line can be removed.
    expect(within(rows[2]!).getByText(WAITLIST_STATUS_LABELS.left)).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: WORDS.remove })).toBeNull();

    const remove = within(rows[1]!).getByRole('button', { name: WORDS.remove });
    expect(remove).toHaveAccessibleDescription('Dana Katz · fox@example.com · +15550100199');
    await userEvent.click(remove);
    expect(await screen.findByText(WORDS.removed)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/waitlist-entries/w-2')).toHaveLength(1);
    await expect.poll(() => api.callsTo('GET', '/waitlist-entries').length).toBe(2);
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText(/Dana Katz/)).toBeNull();
  });

  it('a removal that fails says so', async () => {
    stubApi({
      ...signedInSessionRoutes(),
      'GET /waitlist-entries': () => json(200, { success: true, data: [entry({})] }),
      'DELETE /waitlist-entries/w-1': () => json(500, { error: 'Boom', code: 'INTERNAL' }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: WORDS.remove }));
    expect(await screen.findByText(WORDS.removeFailed)).toBeInTheDocument();
  });

  it('says when nobody is waiting', async () => {
    stubApi({
      ...signedInSessionRoutes(),
      'GET /waitlist-entries': () => json(200, { success: true, data: [] }),
    });
    render();
    expect(await screen.findByText(WORDS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
