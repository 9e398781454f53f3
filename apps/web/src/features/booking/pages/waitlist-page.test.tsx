// Issue 44 "Waitlist": the buyer's link page — their place while they wait, leaving the list, a time held for
// them with its countdown and one tap to book it, the refusal once the offer has ended, an unknown link.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistLink } from '@keyturn/domain/schemas/timeWaitlist';
import { WAITLIST_TEXTS } from '@keyturn/domain/slots/waitlist';
import { json, renderAt, stubApi } from '@/test/utils';
import type { Routes } from '../test-fixtures';
import { WaitlistPage } from './waitlist-page';

const TEXT = WAITLIST_TEXTS.page;
const PATH = '/booking/waitlist/wt-1';
/** 10:00 AM in New York on Monday, March 3, 2031; the offer is held until 10:15 AM. */
const NOW = new Date('2031-03-03T15:00:00Z');

const link = (overrides: Partial<WaitlistLink> = {}): WaitlistLink => ({
  status: 'waiting',
  date: '2031-03-04',
  part: 'afternoon',
  place: 2,
  time_zone: 'America/New_York',
  property: { address: '12 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' },
  agent: { name: 'Dana Scully', company: 'Scully Homes' },
  offer: null,
  booking: null,
  ...overrides,
});
const offered = link({
  status: 'offered',
  place: 1,
  offer: { starts_at: '2031-03-04T19:00:00.000Z', expires_at: '2031-03-03T15:15:00.000Z' },
});

function render(routes: Routes) {
  const api = stubApi(routes);
  renderAt(<WaitlistPage />, { path: '/booking/waitlist?token=wt-1', routePath: '/booking/waitlist' });
  return { api, user: userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime }) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the waiting-list link page (/booking/waitlist, issue 44)', () => {
  it('says the place in line with the property, date and part of the day; leaving says so', async () => {
    const { api, user } = render({
      [`GET ${PATH}`]: () => json(200, { success: true, data: link() }),
      [`DELETE ${PATH}`]: () => json(200, { success: true, data: link({ status: 'left', place: null }) }),
    });
    expect(await screen.findByText(TEXT.waiting(2))).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: TEXT.title })).toBeInTheDocument();
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '12 Main St, Springfield, IL',
      'Tuesday, March 4, 2031',
      'Afternoon (12 PM – 5 PM)',
    ]);
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual([
      TEXT.property,
      TEXT.date,
      TEXT.part,
    ]);
    expect(screen.queryByRole('button', { name: TEXT.book })).toBeNull();

    await user.click(screen.getByRole('button', { name: TEXT.leave }));
    expect(await screen.findByText(TEXT.left)).toHaveFocus();
    expect(api.callsTo('DELETE', PATH)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: TEXT.leave })).toBeNull();
  });

  it('counts down the held time, asks again when it runs out, and books it in one tap with a link to the showing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    let reads = 0;
    const { api, user } = render({
      [`GET ${PATH}`]: () => {
        reads += 1;
        return json(200, { success: true, data: offered });
      },
      [`POST ${PATH}/book`]: () =>
        json(201, {
          success: true,
          data: link({
            status: 'booked',
            place: null,
            booking: { status: 'confirmed', manage_token: 'mt-9' },
          }),
        }),
    });
    expect(await screen.findByRole('heading', { name: TEXT.offered })).toBeInTheDocument();
    expect(screen.getByText(TEXT.holding('2:00 PM EST', '10:15 AM EST'))).toBeInTheDocument();
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toMatch(/^1[45]:\d\d$/);
    act(() => vi.setSystemTime(new Date(NOW.getTime() + 14 * 60_000 + 58_000)));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(timer.textContent).toMatch(/^0:0[0-2]$/);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await vi.waitFor(() => expect(reads).toBe(2));

    await user.click(screen.getByRole('button', { name: TEXT.book }));
    expect(await screen.findByText(TEXT.booked)).toHaveFocus();
    expect(api.callsTo('POST', `${PATH}/book`)[0]?.body).toEqual({});
    expect(screen.getByRole('link', { name: TEXT.manage })).toHaveAttribute(
      'href',
      '/booking/manage?token=mt-9',
    );
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('a request the agent still has to confirm says so', async () => {
    render({
      [`GET ${PATH}`]: () =>
        json(200, {
          success: true,
          data: link({ status: 'booked', place: null, booking: { status: 'pending', manage_token: 'mt-9' } }),
        }),
    });
    expect(await screen.findByText(TEXT.bookedPending)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.manage })).toBeInTheDocument();
  });

  it('an offer that ended meanwhile: the refusal, and the link as it now is', async () => {
    let current = offered;
    const { user } = render({
      [`GET ${PATH}`]: () => json(200, { success: true, data: current }),
      [`POST ${PATH}/book`]: () => {
        current = link({ status: 'lapsed', place: null });
        return json(409, { error: WAITLIST_TEXTS.offerEnded, code: 'WAITLIST_OFFER_ENDED' });
      },
    });
    await user.click(await screen.findByRole('button', { name: TEXT.book }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WAITLIST_TEXTS.offerEnded);
    expect(await screen.findByText(TEXT.lapsed)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.queryByRole('button', { name: TEXT.book })).toBeNull();
  });

  it('an unknown link says it is not valid', async () => {
    render({ [`GET ${PATH}`]: () => json(404, { error: 'Not found', code: 'WAITLIST_NOT_FOUND' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.notFound);
  });
});
