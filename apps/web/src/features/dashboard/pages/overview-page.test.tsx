import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AgentBooking } from '@keyturn/domain/schemas/agentBooking';
import type { BuyerText } from '@keyturn/domain/schemas/texts';
import type { DashboardSummary } from '@keyturn/domain/schemas/agentSettings';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { DashboardOverviewPage } from './overview-page';

const booking: AgentBooking = {
  id: 'b1',
  status: 'confirmed',
  booking_date: '2030-06-12',
  booking_time: '14:30',
  time_zone: 'America/New_York',
  starts_at: '2030-06-12T18:30:00.000Z',
  ends_at: '2030-06-12T19:00:00.000Z',
  property: { id: 7, address: '88 Riverside Drive', city: 'Austin' },
  property_address: '88 Riverside Drive',
  client_name: 'Jane Buyer',
  client_email: 'jane@example.com',
  client_phone: '+1 555 0199',
  buyer_type: 'investor',
  budget_min: null,
  budget_max: null,
  income_range: null,
  booking_purpose: 'property_viewing',
  custom_purpose: null,
  message: null,
  reschedule_reason: null,
  cancel_reason: null,
  cancelled_by: null,
  rescheduled_from_id: null,
  buyer_confirmed_at: null,
  buyer_confirmed_via: null,
  sms_consent: false,
  buyer_agent: null,
  created_at: '2030-06-01T12:00:00.000Z',
  allowed_actions: ['cancel'],
  can_reschedule: true,
};

const bookingUrl = 'https://app.keyturn.example/bookme/agent-1/dana-scully';

function summary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    today: [booking],
    upcoming: [
      { ...booking, id: 'b2', booking_date: '2030-06-13', client_name: 'Sam Lee', status: 'pending' },
    ],
    usage: {
      plan: 'basic',
      scope: 'own',
      properties: { used: 2, limit: 3 },
      bookingsThisMonth: { used: 12, limit: 15 },
    },
    bookingUrl,
    pendingCount: 4,
    figures: { own: { pendingRequests: 4, bookingsThisMonth: 12, properties: 2 }, team: null },
    onboarding: { property: true, hours: true, link: true, dismissed: false },
    ...overrides,
  };
}

function renderOverview(
  data: DashboardSummary,
  { failedCount = 0, buyerTexts = [] }: { failedCount?: number; buyerTexts?: BuyerText[] } = {},
) {
  let failed = failedCount;
  let texts = buyerTexts;
  let onboarding = { ...data.onboarding };
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/dashboard': () => json(200, { success: true, data: { ...data, onboarding } }),
    'POST /agents/onboarding': (req) => {
      const { mark } = req.body as { mark: 'hours' | 'link' | 'dismissed' };
      onboarding = { ...onboarding, [mark]: true };
      return json(200, { success: true, data: onboarding });
    },
    'GET /agents/messages': () => json(200, { success: true, data: [], failedCount: failed }),
    'GET /agents/buyer-texts': () => json(200, { success: true, data: texts }),
    'POST /agents/buyer-texts/SM1/reply': (req) => {
      const { text } = req.body as { text: string };
      texts = texts.map((t) => ({ ...t, reply: text, replied_at: '2030-06-12T15:00:00.000Z' }));
      return json(200, { success: true, data: texts[0] });
    },
    'POST /agents/messages/dismiss-failures': () => {
      const dismissed = failed;
      failed = 0;
      return json(200, { success: true, dismissed });
    },
  });
  return { ...renderAt(<DashboardOverviewPage />, { path: '/dashboard' }), api };
}

describe('dashboard overview', () => {
  it('issue 33: "Confirmed by text" with its time, and Messages from buyers answered by text', async () => {
    const user = userEvent.setup();
    const confirmed = {
      ...booking,
      buyer_confirmed_at: '2030-06-12T13:05:00.000Z',
      buyer_confirmed_via: 'text' as const,
    };
    const { api } = renderOverview(summary({ today: [confirmed] }), {
      buyerTexts: [
        {
          id: 'SM1',
          from: '+16465550199',
          body: 'Is there parking nearby?',
          received_at: '2030-06-12T13:10:00.000Z',
          booking_id: 'b1',
          client_name: 'Jane Buyer',
          starts_at: '2030-06-12T18:30:00.000Z',
          reply: null,
          replied_at: null,
        },
      ],
    });
    const today = await screen.findByRole('region', { name: "Today's schedule" });
    expect(within(today).getByRole('link', { name: /Jane Buyer/ })).toHaveTextContent(
      'Confirmed by text · Wed, Jun 12, 2030, 9:05 AM',
    );
    const inbox = await screen.findByRole('region', { name: 'Messages from buyers' });
    expect(await within(inbox).findByText('Is there parking nearby?')).toBeInTheDocument();
    await user.click(within(inbox).getByRole('button', { name: 'Reply by text' }));
    await user.click(within(inbox).getByRole('button', { name: 'Send text' }));
    expect(within(inbox).getByText('Write a reply')).toBeInTheDocument();
    expect(api.callsTo('POST', '/agents/buyer-texts/SM1/reply')).toHaveLength(0);
    await user.type(within(inbox).getByLabelText('Reply to Jane Buyer by text'), 'Yes, in the driveway.');
    await user.click(within(inbox).getByRole('button', { name: 'Send text' }));
    expect(await within(inbox).findByText('You replied:')).toBeInTheDocument();
    expect(api.callsTo('POST', '/agents/buyer-texts/SM1/reply')[0]?.body).toEqual({
      text: 'Yes, in the driveway.',
    });
    expect(within(inbox).queryByRole('button', { name: 'Reply by text' })).not.toBeInTheDocument();
  });

  it("shows today's schedule, the next days, and the pending count linking to the filtered list", async () => {
    const { router } = renderOverview(summary());
    const today = await screen.findByRole('region', { name: "Today's schedule" });
    expect(screen.getByText('Welcome back, Dana. Here is your day.')).toBeInTheDocument();
    const todayLink = within(today).getByRole('link', { name: /Jane Buyer/ });
    expect(todayLink).toHaveAttribute('href', '/dashboard/bookings?booking=b1');
    expect(todayLink).toHaveTextContent('2:30 PM');
    expect(todayLink).toHaveTextContent('Confirmed');
    const upcoming = screen.getByRole('region', { name: 'Next 3 days' });
    expect(within(upcoming).getByRole('link', { name: /Sam Lee/ })).toHaveTextContent('Pending');

    expect(screen.getByText('4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Review pending requests' }));
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
    expect(router.state.location.search).toBe('?status=pending');
  });

  it("shows this month's bookings against the plan limit, labelled with the figure's window", async () => {
    renderOverview(summary());
    const bar = await screen.findByRole('progressbar', { name: 'Bookings made, this month' });
    expect(bar).toHaveAttribute('aria-valuenow', '12');
    expect(bar).toHaveAttribute('aria-valuemax', '15');
    expect(screen.getByText('12 of 15')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Properties, now' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );
    expect(screen.getByRole('heading', { name: 'Pending requests, now' })).toBeInTheDocument();
  });

  it("shows a team member his own figures as his and the team's as the team's", async () => {
    renderOverview(
      summary({
        pendingCount: 2,
        figures: {
          own: { pendingRequests: 2, bookingsThisMonth: 6, properties: 2 },
          team: { bookingsThisMonth: 8, properties: 3 },
        },
        usage: {
          plan: 'basic',
          scope: 'team',
          properties: { used: 3, limit: null },
          bookingsThisMonth: { used: 8, limit: null },
        },
      }),
    );
    const card = await screen.findByRole('region', { name: 'Yours and your team’s' });
    const row = (label: string) => within(card).getByText(label).parentElement!;
    expect(row('Bookings made, this month')).toHaveTextContent(/^Bookings made, this month6$/);
    expect(row('Properties, now')).toHaveTextContent(/^Properties, now2$/);
    expect(row("Team's bookings made, this month")).toHaveTextContent('8 · Unlimited');
    expect(row("Team's properties, now")).toHaveTextContent('3 · Unlimited');
  });

  it('offers the booking link to copy and open', async () => {
    const user = userEvent.setup();
    renderOverview(summary());
    expect(await screen.findByText(bookingUrl)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your booking page in a new tab' })).toHaveAttribute(
      'href',
      bookingUrl,
    );
    await user.click(screen.getByRole('button', { name: 'Copy your booking link' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(bookingUrl);
    expect(screen.getByRole('button', { name: 'Copy your booking link' })).toHaveTextContent('Copied');
  });

  it('shows the booking link as a QR code in a dialog', async () => {
    const user = userEvent.setup();
    renderOverview(summary());
    await user.click(await screen.findByRole('button', { name: 'QR code' }));
    const dialog = screen.getByRole('dialog', { name: 'Your booking link as a QR code' });
    expect(within(dialog).getByRole('img', { name: 'QR code for your booking link' })).toBeInTheDocument();
    // Issue 19: it can be downloaded for flyers and yard signs.
    const svg = within(dialog).getByRole('link', { name: 'Download SVG' });
    expect(svg).toHaveAttribute('download', 'booking-link-qr.svg');
    const file = decodeURIComponent(
      svg.getAttribute('href')?.replace('data:image/svg+xml;charset=utf-8,', '') ?? '',
    );
    expect(file).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1024"/);
    expect(file).toContain('<path d="M');
    expect(within(dialog).getByRole('button', { name: 'Download PNG' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('prints only the QR code and the link (issue 19)', async () => {
    const user = userEvent.setup();
    renderOverview(summary());
    await user.click(await screen.findByRole('button', { name: 'QR code' }));
    const dialog = screen.getByRole('dialog', { name: 'Your booking link as a QR code' });
    const appended = vi.spyOn(document.body, 'appendChild');
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    const frame = appended.mock.results
      .map((r) => r.value as Node)
      .find((n) => n instanceof HTMLIFrameElement);
    expect(frame).toBeDefined();
    const doc = (frame as HTMLIFrameElement).contentDocument!;
    // The sheet holds the QR code and the link, nothing of the dashboard.
    expect(doc.body.querySelector('svg path')?.getAttribute('d')).toMatch(/^M/);
    expect(doc.body.textContent).toBe(bookingUrl);
    expect(doc.body.children).toHaveLength(2);
    // The hidden frame goes away once the print dialog closes.
    (frame as HTMLIFrameElement).contentWindow!.dispatchEvent(new Event('afterprint'));
    expect(document.body.contains(frame as Node)).toBe(false);
    appended.mockRestore();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells a new agent what to do next', async () => {
    renderOverview(
      summary({
        onboarding: { property: false, hours: false, link: false, dismissed: false },
        today: [],
        upcoming: [],
        pendingCount: 0,
        figures: { own: { pendingRequests: 0, bookingsThisMonth: 0, properties: 0 }, team: null },
        usage: {
          plan: 'basic',
          scope: 'own',
          properties: { used: 0, limit: 3 },
          bookingsThisMonth: { used: 0, limit: 15 },
        },
      }),
    );
    const steps = await screen.findByRole('region', { name: 'Get ready for your first booking' });
    expect(within(steps).getByRole('link', { name: 'Add a property' })).toHaveAttribute(
      'href',
      '/dashboard/properties',
    );
    expect(within(steps).getByRole('link', { name: 'Set your hours' })).toHaveAttribute(
      'href',
      '/dashboard/settings?tab=availability',
    );
    expect(within(steps).getByRole('button', { name: 'Copy your booking link' })).toBeInTheDocument();
    expect(screen.getByText('No showings today')).toBeInTheDocument();
  });

  it('leaves the first steps out once all three are done', async () => {
    renderOverview(summary());
    await screen.findByRole('region', { name: "Today's schedule" });
    expect(
      screen.queryByRole('region', { name: 'Get ready for your first booking' }),
    ).not.toBeInTheDocument();
  });
});

describe('first steps card', () => {
  const steps = () => screen.findByRole('region', { name: 'Get ready for your first booking' });
  const isDone = (title: string) =>
    within(screen.getByRole('region', { name: 'Get ready for your first booking' }))
      .getByText(title, { selector: 'p' })
      .textContent?.includes('(done)');

  it('ticks each step the server says is done, and only those', async () => {
    renderOverview(summary({ onboarding: { property: true, hours: false, link: false, dismissed: false } }));
    await steps();
    expect(isDone('Add a property')).toBe(true);
    expect(isDone('Set your hours')).toBe(false);
    expect(isDone('Share your link')).toBe(false);
  });

  it('"Set your hours" is done once hours are saved (server) or "Keep these hours" is pressed', async () => {
    const { api } = renderOverview(
      summary({ onboarding: { property: true, hours: false, link: false, dismissed: false } }),
    );
    const card = await steps();
    await userEvent.click(within(card).getByRole('button', { name: 'Keep these hours' }));
    await vi.waitFor(() => expect(isDone('Set your hours')).toBe(true));
    expect(api.callsTo('POST', '/agents/onboarding')[0]!.body).toEqual({ mark: 'hours' });
  });

  it('"Share your link" is done after copying the link', async () => {
    const user = userEvent.setup();
    const { api } = renderOverview(
      summary({ onboarding: { property: false, hours: true, link: false, dismissed: false } }),
    );
    const card = await steps();
    await user.click(within(card).getByRole('button', { name: 'Copy your booking link' }));
    await vi.waitFor(() => expect(isDone('Share your link')).toBe(true));
    expect(api.callsTo('POST', '/agents/onboarding')[0]!.body).toEqual({ mark: 'link' });
  });

  it('"Share your link" is done after showing the QR code', async () => {
    const user = userEvent.setup();
    renderOverview(summary({ onboarding: { property: false, hours: true, link: false, dismissed: false } }));
    await steps();
    await user.click(screen.getByRole('button', { name: 'QR code' }));
    await vi.waitFor(() => expect(isDone('Share your link')).toBe(true));
  });

  it('disappears when the last step is done', async () => {
    const user = userEvent.setup();
    renderOverview(summary({ onboarding: { property: true, hours: true, link: false, dismissed: false } }));
    const card = await steps();
    await user.click(within(card).getByRole('button', { name: 'Copy your booking link' }));
    await vi.waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Get ready for your first booking' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('can be dismissed, and stays away when the server says it was', async () => {
    const { api } = renderOverview(
      summary({ onboarding: { property: false, hours: false, link: false, dismissed: false } }),
    );
    const card = await steps();
    await userEvent.click(within(card).getByRole('button', { name: 'Dismiss the first steps' }));
    await vi.waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Get ready for your first booking' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.callsTo('POST', '/agents/onboarding')[0]!.body).toEqual({
      mark: 'dismissed',
    });
  });

  it('is not shown to an agent who dismissed it earlier', async () => {
    renderOverview(summary({ onboarding: { property: false, hours: false, link: false, dismissed: true } }));
    await screen.findByRole('region', { name: "Today's schedule" });
    expect(
      screen.queryByRole('region', { name: 'Get ready for your first booking' }),
    ).not.toBeInTheDocument();
  });
});

describe('failed messages notice', () => {
  it('with failures, says how many could not be sent and links to the failed messages in Settings', async () => {
    const { api } = renderOverview(summary(), { failedCount: 2 });
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('2 messages could not be sent.')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Review messages' })).toHaveAttribute(
      'href',
      '/dashboard/settings?tab=messages&status=failed',
    );
    // The count is asked for with the failed filter, one row at most: only failedCount is read.
    const asked = new URL(api.callsTo('GET', '/agents/messages')[0]!.url, 'http://localhost');
    expect(asked.searchParams.get('status')).toBe('failed');
    expect(asked.searchParams.get('limit')).toBe('1');
  });

  it('says "1 message" in the singular', async () => {
    renderOverview(summary(), { failedCount: 1 });
    expect(await screen.findByText('1 message could not be sent.')).toBeInTheDocument();
  });

  it('"Dismiss" POSTs dismiss-failures and the notice goes away', async () => {
    const { api } = renderOverview(summary(), { failedCount: 2 });
    const notice = await screen.findByRole('alert');
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/agents/messages/dismiss-failures')).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByText(/could not be sent/)).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no notice when nothing failed (failedCount 0)', async () => {
    const { api } = renderOverview(summary(), { failedCount: 0 });
    await screen.findByRole('region', { name: "Today's schedule" });
    await vi.waitFor(() => expect(api.callsTo('GET', '/agents/messages')).toHaveLength(1));
    expect(screen.queryByText(/could not be sent/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Review messages' })).not.toBeInTheDocument();
  });
});
