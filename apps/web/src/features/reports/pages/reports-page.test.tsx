import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Benchmarks, CoreReport, ReportBreakdowns } from '@keyturn/domain/schemas/reports';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { ReportsPage } from './reports-page';

const zeros = {
  pending: 0,
  confirmed: 0,
  declined: 0,
  cancelled: 0,
  rescheduled: 0,
  completed: 0,
  no_show: 0,
};
const range = { from: '2030-03-04', to: '2030-03-05', time_zone: 'America/New_York' };
const core: CoreReport = {
  success: true,
  range,
  bookings_by_day: [
    { date: '2030-03-04', ...zeros, completed: 2, confirmed: 1, total: 3 },
    { date: '2030-03-05', ...zeros, cancelled: 1, total: 1 },
  ],
  showings_by_property: [
    { property_id: 7, address: '1 Elm Street, Unit 2', bookings: 3, completed: 2, no_show: 0, cancelled: 1 },
    { property_id: null, address: null, bookings: 1, completed: 0, no_show: 0, cancelled: 0 },
  ],
  funnel: { booked: 4, showed: 2, feedback: 2, hot: 1 },
  rates: {
    no_show: { count: 0, of: 2, rate: 0 },
    cancellation: { count: 1, of: 4, rate: 0.25 },
    no_show_by_confirmation: {
      text: { count: 0, of: 1, rate: 0 },
      page: { count: 0, of: 0, rate: null },
      none: { count: 1, of: 2, rate: 0.5 },
    },
  },
  cancellation_reasons: [{ reason: 'Found another home', count: 1 }],
  weekdays: [0, 3, 1, 0, 0, 0, 0].map((count, day) => ({ day, count })),
  hours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour === 23 ? 1 : hour === 10 ? 2 : 0 })),
  lead_classes_by_week: [
    { week_start: '2030-03-04', week_end: '2030-03-10', hot: 2, potential: 1, cold: 0 },
    { week_start: '2030-03-11', week_end: '2030-03-17', hot: 2, potential: 1, cold: 3 },
  ],
};
const breakdowns: ReportBreakdowns = {
  success: true,
  range,
  by_buyer_type: [{ key: 'investor', booked: 4, showed: 2, hot: 1 }],
  by_purpose: [{ key: 'property_viewing', booked: 4, showed: 2, hot: 1 }],
  by_budget: [{ key: '300000-400000', booked: 4, showed: 2, hot: 1 }],
  lead_time: [
    { bucket: 'same_day', count: 1 },
    { bucket: 'one_to_three', count: 3 },
    { bucket: 'four_to_seven', count: 0 },
    { bucket: 'one_to_two_weeks', count: 0 },
    { bucket: 'over_two_weeks', count: 0 },
  ],
};

let benchmarks: Benchmarks;
const ownMeasures = { conversion: 0.25, no_show_rate: 0.3333, feedback_rate: 1, lead_time_days: 2 };
beforeEach(() => {
  benchmarks = { success: true, range, contributors: 4, minimum: 5, agent: ownMeasures, installation: null };
});

function renderReports(
  plan: 'basic' | 'pro' | 'enterprise',
  path = '/dashboard/reports?from=2030-03-04&to=2030-03-05',
) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () => json(200, { success: true, data: { ...TEST_AGENT_PROFILE, plan } }),
    'GET /payments/subscription': () =>
      json(200, { success: true, subscription: { status: 'active' }, plan: { id: plan } }),
    'GET /reports': () => json(200, core),
    'GET /reports/breakdowns': () => json(200, breakdowns),
    'GET /reports/benchmarks': () => json(200, benchmarks),
    'GET /exports/leads.csv': () =>
      new Response('email,name\r\nrobin@example.com,Robin Hart', { headers: { 'content-type': 'text/csv' } }),
  });
  const rendered = renderAt(<ReportsPage />, { path, routePath: '/dashboard/reports' });
  return { ...rendered, api };
}

beforeEach(() => {
  // recharts' ResponsiveContainer observes its size; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const section = (name: string) => screen.getByRole('region', { name });

describe('Reports page', () => {
  it('asks the server for the range in the URL and shows each figure as a table', async () => {
    const { api } = renderReports('basic');
    await screen.findByRole('heading', { name: 'Bookings over time' });
    expect(api.callsTo('GET', '/reports')[0]?.url).toContain('/reports?from=2030-03-04&to=2030-03-05');
    expect(screen.getByLabelText('From')).toHaveValue('2030-03-04');

    const overTime = within(section('Bookings over time')).getByRole('table', { name: 'Bookings over time' });
    const rows = within(overTime).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('2030-03-04');
    expect(rows[1]).toHaveTextContent(/2.*1.*3$/);

    const funnel = within(section('Funnel')).getByRole('table');
    expect(
      within(funnel)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'StepBookingsOf booked',
      'Booked showings (by showing date)4100%',
      'Showed250%',
      'With feedback250%',
      'Showings of hot buyers125%',
    ]);
    const property = within(section('Showings per property')).getByRole('table');
    expect(property).toHaveTextContent('No property (consultations)');
    expect(within(section('Cancellation reasons')).getByRole('table')).toHaveTextContent(
      'Found another home1',
    );
    expect(within(section('Busiest weekdays')).getByRole('table')).toHaveTextContent('Monday3');
    expect(within(section('Busiest hours')).getByRole('table')).toHaveTextContent('11 PM1');
    expect(within(section('No-show and cancellation rates')).getByRole('table')).toHaveTextContent(
      'Cancellation rate1425%',
    );
  });

  it('Basic: breakdowns are an upgrade hint and never requested', async () => {
    const { api } = renderReports('basic');
    await screen.findByRole('heading', { name: 'Bookings over time' });
    expect(
      screen.getByText('Report breakdowns are part of the Professional plan. Upgrade to use them.'),
    ).toBeInTheDocument();
    const breakdownsSection = screen.getByRole('region', { name: 'Breakdowns' });
    expect(within(breakdownsSection).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/dashboard/subscription',
    );
    expect(api.callsTo('GET', '/reports/breakdowns')).toHaveLength(0);
  });

  it('Professional: the breakdowns by buyer type, purpose, budget and lead time', async () => {
    const { api } = renderReports('pro');
    const buyer = await screen.findByRole('table', { name: 'By buyer type' });
    expect(buyer).toHaveTextContent('Investor421');
    expect(screen.getByRole('table', { name: 'By budget' })).toHaveTextContent('$300,000 - $400,000');
    expect(screen.getByRole('table', { name: 'How far ahead buyers book' })).toHaveTextContent('1–3 days3');
    expect(api.callsTo('GET', '/reports/breakdowns')[0]?.url).toContain('from=2030-03-04&to=2030-03-05');
    expect(screen.queryByText(/Report breakdowns are part of/)).not.toBeInTheDocument();
  });

  it('lead classes over time: a section with its chart, the weekly numbers as a table and a CSV', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:report')),
        revokeObjectURL: vi.fn(),
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderReports('basic');
    await screen.findByRole('heading', { name: 'Lead classes over time' });
    // The headline counts hot buyers at the end of the range (the last week), not hot showings (funnel: 1),
    // and says over which range (domain figures.ts).
    expect(screen.getByText('Hot buyers, 4 Mar – 5 Mar 2030').nextElementSibling).toHaveTextContent(/^2$/);
    expect(
      screen.getByText('Booked showings (by showing date), 4 Mar – 5 Mar 2030').nextElementSibling,
    ).toHaveTextContent(/^4$/);
    const table = within(section('Lead classes over time')).getByRole('table', {
      name: 'Lead classes over time',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['WeekHotPotentialCold', '2030-03-04 – 2030-03-10210', '2030-03-11 – 2030-03-17213']);
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('2030-03-04 – 2030-03-10');
    await userEvent.click(screen.getByRole('button', { name: 'Download Lead classes over time as CSV' }));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('lead-classes-over-time-2030-03-04-to-2030-03-05.csv');
    expect(Papa.parse<string[]>(await blobs[0]!.text()).data).toEqual([
      ['Week', 'Hot', 'Potential', 'Cold'],
      ['2030-03-04 – 2030-03-10', '2', '1', '0'],
      ['2030-03-11 – 2030-03-17', '2', '1', '3'],
    ]);
  });

  it('the no-show rate by how the buyer confirmed, each labelled with its window (issue 33)', async () => {
    renderReports('basic');
    await screen.findByRole('heading', { name: 'Confirmations and no-shows' });
    const value = (label: string) => screen.getByText(`${label}, 4 Mar – 5 Mar 2030`).nextElementSibling;
    expect(value('No-show rate when confirmed by text')).toHaveTextContent(/^0%$/);
    expect(value('No-show rate when confirmed on their page')).toHaveTextContent(/^—$/);
    expect(value('No-show rate when not confirmed')).toHaveTextContent(/^50%$/);
  });

  it('Download CSV gives the table as a CSV file that parses back to the same numbers', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:report';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderReports('basic');
    await screen.findByRole('heading', { name: 'Showings per property' });
    await userEvent.click(screen.getByRole('button', { name: 'Download Showings per property as CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('showings-per-property-2030-03-04-to-2030-03-05.csv');
    const parsed = Papa.parse<string[]>(await blobs[0]!.text());
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['Property', 'Bookings', 'Completed', 'No-shows', 'Cancelled'],
      ['1 Elm Street, Unit 2', '3', '2', '0', '1'],
      ['No property (consultations)', '1', '0', '0', '0'],
    ]);
  });

  it('a reversed range is refused on the form; a preset asks for the agent-zone last 7 days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 02:00 UTC on 10 March is still 9 March in New York.
    vi.setSystemTime(new Date('2030-03-10T02:00:00Z'));
    const { api, router } = renderReports('basic');
    await screen.findByRole('heading', { name: 'Bookings over time' });
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2030-03-09');
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByText('The start date must be on or before the end date')).toBeInTheDocument();
    expect(api.callsTo('GET', '/reports')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2030-03-03&to=2030-03-09'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/reports').at(-1)?.url).toContain('from=2030-03-03&to=2030-03-09'),
    );
  });

  it('without a range in the URL it opens on the agent-zone last 30 days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-10T02:00:00Z'));
    const { api } = renderReports('basic', '/dashboard/reports');
    await screen.findByRole('heading', { name: 'Bookings over time' });
    expect(api.callsTo('GET', '/reports')[0]?.url).toContain('from=2030-02-08&to=2030-03-09');
  });
});

describe('Export for your CRM', () => {
  it('Enterprise: downloads leads.csv with the session token under a dated name', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-10T02:00:00Z'));
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:x';
        },
        revokeObjectURL: vi.fn(),
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = renderReports('enterprise');
    await userEvent.click(await screen.findByRole('button', { name: 'Leads (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const call = api.callsTo('GET', '/exports/leads.csv')[0];
    expect(call?.headers.get('Authorization')).toBe('Bearer token-123');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('keyturn-leads-2030-03-09.csv');
    expect(Papa.parse(await blobs[0]!.text(), { header: true }).data).toEqual([
      { email: 'robin@example.com', name: 'Robin Hart' },
    ]);
  });

  it('below Enterprise: what the export adds and an upgrade hint, no download button', async () => {
    renderReports('pro');
    expect(
      await screen.findByText(
        'CRM export and webhooks are part of the Enterprise plan. Upgrade to use them.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leads (CSV)' })).not.toBeInTheDocument();
  });
});

describe('Benchmarks', () => {
  it('Enterprise with 5 agents: your figures next to the installation medians', async () => {
    benchmarks = {
      ...benchmarks,
      contributors: 5,
      installation: { conversion: 0.1, no_show_rate: 0, feedback_rate: 0.75, lead_time_days: 3 },
    };
    renderReports('enterprise');
    const table = await screen.findByRole('table', { name: 'Benchmarks' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'MeasureYouAll agents (median)',
      'Conversion (booked → hot)25%10%',
      'No-show rate33.3%0%',
      'Feedback response rate100%75%',
      'Lead time to showing (days, median)2 days3 days',
    ]);
    expect(screen.getByText(/median of 5 agents/)).toBeInTheDocument();
  });

  it('Enterprise with 4 agents: only your figures, and why', async () => {
    renderReports('enterprise');
    const table = await screen.findByRole('table', { name: 'Benchmarks' });
    expect(within(table).queryByText('All agents (median)')).not.toBeInTheDocument();
    expect(
      screen.getByText(/at least 5 agents on this installation have showings in the range \(now 4\)/),
    ).toBeInTheDocument();
  });

  it('below Enterprise: an upgrade hint and no call', async () => {
    const { api } = renderReports('pro');
    expect(
      await screen.findByText('Benchmarks are part of the Enterprise plan. Upgrade to use them.'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/reports/benchmarks')).toHaveLength(0);
  });
});

describe('Reports subtitle (issue 19)', () => {
  it('names the time zone days are counted in, not its raw IANA id', async () => {
    renderReports('basic');
    expect(
      await screen.findByText(/Days are counted in your time zone, Eastern Time \(New York\)\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/America\/New_York/)).not.toBeInTheDocument();
  });
});
