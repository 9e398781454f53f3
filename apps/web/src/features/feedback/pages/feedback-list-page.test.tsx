import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LeadDetail, LeadSummary } from '@keyturn/domain/schemas/leadResponses';
import type { RecordedCall } from '@/test/utils';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { FeedbackListPage } from './feedback-list-page';

const basicLead: LeadSummary = {
  id: 'lead-1',
  name: 'Casey Buyer',
  email: 'casey@example.com',
  phone: '+16465550199',
  outcome: 'open',
  class: 'hot',
  class_rule: { id: 'hot-second-showing', text: 'Hot: wants a second showing and rated 4+' },
  class_why: {
    rule: 'Hot: wants a second showing and rated 4+',
    signals: [
      { id: 'rating', label: 'Latest rating', value: '5/5' },
      { id: 'showed', label: 'Showings attended', value: '1' },
    ],
  },
  bookings_count: 2,
  last_activity_at: '2030-06-10T14:00:00.000Z',
};

const proLead: LeadSummary = {
  ...basicLead,
  score: 96,
  sentiment: 'positive',
  next_step: { id: 'call-within-24h', action: 'Call within 24 hours', reason: 'A hot lead' },
};

function detail(summary: LeadSummary, extra: Partial<LeadDetail> = {}): LeadDetail {
  return {
    ...summary,
    buyer: {
      buyer_type: 'first_time_buyer',
      budget_min: 300000,
      budget_max: 400000,
      income_range: '75000-100000',
    },
    feedback: [
      {
        id: 'f1',
        booking_id: 'b1',
        showing_at: '2030-06-09T14:00:00.000Z',
        property: { id: 7, address: '88 Riverside Drive' },
        rating: 5,
        interest_level: 'very_interested',
        price_opinion: 'fair',
        second_showing: true,
        liked: 'We loved the kitchen',
        disliked: null,
        comments: null,
        summary: 'Rated 5/5 · Very interested · Price: Fair · Wants a second showing',
      },
    ],
    notes: [],
    timeline: [
      {
        kind: 'feedback',
        at: '2030-06-10T14:00:00.000Z',
        booking_id: 'b1',
        property: null,
        text: 'Rated 5/5 · Very interested',
      },
      {
        kind: 'showed',
        at: '2030-06-09T14:00:00.000Z',
        booking_id: 'b1',
        property: { id: 7, address: '88 Riverside Drive' },
        text: 'Property Viewing',
      },
    ],
    locked: ['insights', 'prediction'],
    ...extra,
  };
}

const proInsights: LeadDetail['insights'] = {
  score: 96,
  base: 50,
  factors: [
    { id: 'interest', points: 20, reason: 'Said they are very interested' },
    { id: 'price', points: -8, reason: 'Thinks the price is too high' },
  ],
  sentiment: { label: 'positive', score: 0.6, positive: ['We loved the kitchen'], negative: [] },
  recommendations: [
    {
      id: 'call-within-24h',
      action: 'Call within 24 hours',
      reason: 'A hot lead who rated the property 5/5',
    },
  ],
};

type Routes = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

function renderPage(path: string, list: { data: LeadSummary[]; locked: string[] }, routes: Routes = {}) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () => json(200, { success: true, data: TEST_AGENT_PROFILE }),
    'GET /leads': () => json(200, { success: true, ...list }),
    'GET /figures': () =>
      json(200, {
        success: true,
        data: {
          own: {
            pendingRequests: 1,
            bookingsThisMonth: 4,
            properties: 2,
            hotBuyers: 12,
            potentialBuyers: 5,
            coldBuyers: 3,
          },
          team: null,
        },
      }),
    ...routes,
  });
  renderAt(<FeedbackListPage />, { path, routePath: '/dashboard/feedback' });
  return api;
}

const lastListQuery = (api: ReturnType<typeof stubApi>) => {
  const calls = api.callsTo('GET', '/leads');
  return new URL(calls[calls.length - 1]?.url ?? '', 'http://localhost').searchParams;
};

describe('Feedback page: leads', () => {
  it('Basic: lists the lead with its class, the rules, and what Professional and Enterprise add with an upgrade link', async () => {
    renderPage('/dashboard/feedback', { data: [basicLead], locked: ['insights', 'prediction'] });
    const item = await screen.findByRole('button', { name: 'Open lead Casey Buyer' });
    expect(within(item).getByText('Hot')).toBeInTheDocument();
    expect(within(item).queryByText(/Score/)).not.toBeInTheDocument();
    expect(
      within(item).getByText(/Last activity Mon, Jun 10, 10:00 AM|Last activity .*2030/),
    ).toBeInTheDocument();
    const upgrades = screen.getAllByRole('link', { name: /Upgrade to/ });
    expect(upgrades.map((a) => a.textContent)).toEqual(['Upgrade to Professional', 'Upgrade to Enterprise']);
    expect(upgrades[0]).toHaveAttribute('href', '/dashboard/subscription');
    expect(upgrades[0]!.closest('p')).toHaveTextContent(/^Professional adds a 0–100 score for every lead/);
    expect(
      screen.getByText('Hot: wants a second showing and rated 4+', { selector: 'li' }),
    ).toBeInTheDocument();
  });

  it('shows the buyers by class, all time, from the figures; a class filters the list to those buyers', async () => {
    const api = renderPage('/dashboard/feedback', { data: [basicLead], locked: ['insights', 'prediction'] });
    const classes = await screen.findByRole('region', { name: 'Hot, potential and cold buyers' });
    const hot = await within(classes).findByRole('button', { name: 'Hot buyers, all time: 12' });
    expect(
      within(classes).getByRole('button', { name: 'Potential buyers, all time: 5' }),
    ).toBeInTheDocument();
    expect(within(classes).getByRole('button', { name: 'Cold buyers, all time: 3' })).toBeInTheDocument();
    await userEvent.click(hot);
    await vi.waitFor(() => expect(Object.fromEntries(lastListQuery(api))).toEqual({ class: 'hot' }));
    expect(hot).toHaveAttribute('aria-pressed', 'true');
  });

  it('reads the filters from the URL and writes changes back to it', async () => {
    const api = renderPage(
      '/dashboard/feedback?class=hot&q=casey',
      { data: [basicLead], locked: [] },
      {
        'GET /leads/model': () =>
          json(200, {
            success: true,
            data: { status: 'insufficient', outcomes: 0, needed: 20, message: 'Needs 20 closed leads.' },
          }),
      },
    );
    await screen.findByRole('button', { name: 'Open lead Casey Buyer' });
    expect(Object.fromEntries(lastListQuery(api))).toEqual({ class: 'hot', q: 'casey' });
    expect(screen.getByLabelText('Search leads')).toHaveValue('casey');
    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'lost');
    await vi.waitFor(() =>
      expect(Object.fromEntries(lastListQuery(api))).toEqual({ class: 'hot', q: 'casey', outcome: 'lost' }),
    );
  });

  it('Professional: score, sentiment and next step in the list; the lead shows factors, phrases, recommendations and the Enterprise hint', async () => {
    const lead = detail(proLead, {
      locked: ['prediction'],
      insights: proInsights,
    });
    const api = renderPage(
      '/dashboard/feedback',
      { data: [proLead], locked: ['prediction'] },
      {
        'GET /leads/lead-1': () => json(200, { success: true, data: lead }),
        'PUT /leads/lead-1/outcome': () =>
          json(200, {
            success: true,
            data: { outcome: 'offer_made', outcome_at: '2030-06-11T00:00:00.000Z' },
          }),
        'POST /leads/lead-1/notes': () =>
          json(201, {
            success: true,
            data: {
              id: 'n1',
              body: 'Called',
              created_at: '2030-06-11T00:00:00.000Z',
              updated_at: '2030-06-11T00:00:00.000Z',
            },
          }),
      },
    );
    const item = await screen.findByRole('button', { name: 'Open lead Casey Buyer' });
    expect(within(item).getByText('Positive')).toBeInTheDocument();
    expect(within(item).getByText('96')).toBeInTheDocument();
    expect(within(item).getByText('Call within 24 hours')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Upgrade to/ }).map((a) => a.textContent)).toEqual([
      'Upgrade to Enterprise',
    ]);

    await userEvent.click(item);
    const dialog = await screen.findByRole('dialog', { name: 'Casey Buyer' });
    await within(dialog).findByText('Said they are very interested');
    expect(within(dialog).getByText('+20')).toBeInTheDocument();
    expect(within(dialog).getByText('-8')).toBeInTheDocument();
    expect(within(dialog).getByText('A hot lead who rated the property 5/5')).toBeInTheDocument();
    expect(within(dialog).getByText(/“We loved the kitchen”/)).toBeInTheDocument();
    expect(within(dialog).getByText('Hot: wants a second showing and rated 4+')).toBeInTheDocument();
    expect(within(dialog).getByText('$300,000 – $400,000')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Upgrade to Enterprise' })).toBeInTheDocument();
    expect(within(dialog).getByText('Showed')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Rated 5/5 · Very interested · Price: Fair · Wants a second showing'),
    ).toBeInTheDocument();

    await userEvent.selectOptions(within(dialog).getByLabelText('Outcome'), 'offer_made');
    await vi.waitFor(() => expect(api.callsTo('PUT', '/leads/lead-1/outcome')).toHaveLength(1));
    expect(api.callsTo('PUT', '/leads/lead-1/outcome')[0]?.body).toEqual({ outcome: 'offer_made' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    expect(within(dialog).getByText('Write the note first')).toBeInTheDocument();
    expect(api.callsTo('POST', '/leads/lead-1/notes')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Add a note'), 'Called');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/leads/lead-1/notes')).toHaveLength(1));
    expect(api.callsTo('POST', '/leads/lead-1/notes')[0]?.body).toEqual({ body: 'Called' });
  });

  it('Enterprise: the model card shows the held-out AUC and what drives offers; the lead its chance', async () => {
    const enterpriseLead = { ...proLead, predicted: 87 };
    renderPage(
      '/dashboard/feedback?lead=lead-1',
      { data: [enterpriseLead], locked: [] },
      {
        'GET /leads/model': () =>
          json(200, {
            success: true,
            data: {
              status: 'trained',
              auc: 0.91,
              trained_on: 40,
              held_out: 10,
              features: [
                { id: 'rating', label: 'Rating', weight: 1.5, effect: 'Raises the chance of an offer' },
              ],
            },
          }),
        'GET /leads/lead-1': () =>
          json(200, {
            success: true,
            data: detail(enterpriseLead, {
              locked: [],
              insights: proInsights,
              prediction: {
                status: 'trained',
                probability: 87,
                auc: 0.91,
                drivers: [{ id: 'rating', label: 'Rating', effect: 1.2 }],
              },
            }),
          }),
      },
    );
    const model = await screen.findByRole('region', { name: 'Predictive scoring' });
    expect(
      await within(model).findByText('Rating: raises the chance of an offer (+1.50)'),
    ).toBeInTheDocument();
    expect(model).toHaveTextContent(
      'Trained on 40 of your closed leads. Measured on the 10 it did not learn from: AUC 0.91',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Casey Buyer' });
    expect(await within(dialog).findByText('87%')).toBeInTheDocument();
    expect(within(dialog).getByText('Mostly because of: rating (up)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upgrade to/ })).not.toBeInTheDocument();
  });

  it('edits a note in place and deletes one after a confirmation', async () => {
    const note = {
      id: 'n1',
      body: 'Called, no answer',
      created_at: '2030-06-10T15:00:00.000Z',
      updated_at: '2030-06-10T15:00:00.000Z',
    };
    const api = renderPage(
      '/dashboard/feedback?lead=lead-1',
      { data: [basicLead], locked: ['insights', 'prediction'] },
      {
        'GET /leads/lead-1': () => json(200, { success: true, data: detail(basicLead, { notes: [note] }) }),
        'PUT /leads/lead-1/notes/n1': (call) =>
          json(200, { success: true, data: { ...note, body: (call.body as { body: string }).body } }),
        'DELETE /leads/lead-1/notes/n1': () => json(200, { success: true }),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Casey Buyer' });
    // Basic: the lead shows what Professional adds instead of the insights.
    expect(await within(dialog).findByRole('link', { name: 'Upgrade to Professional' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const box = within(dialog).getByLabelText('Edit note');
    await userEvent.clear(box);
    expect(within(dialog).getByText('Write the note first')).toBeInTheDocument();
    await userEvent.type(box, 'Called back, viewing Friday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/leads/lead-1/notes/n1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/leads/lead-1/notes/n1')[0]?.body).toEqual({
      body: 'Called back, viewing Friday',
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this note?' });
    expect(api.callsTo('DELETE', '/leads/lead-1/notes/n1')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete note' }));
    await vi.waitFor(() => expect(api.callsTo('DELETE', '/leads/lead-1/notes/n1')).toHaveLength(1));
  });

  it("Plan a tour from a lead: Professional opens My day's tour builder with the lead; Basic sees the upgrade hint", async () => {
    const subscription = (plan: string) => ({
      'GET /payments/subscription': () =>
        json(200, { success: true, subscription: { status: 'active' }, plan: { id: plan } }),
    });
    renderPage(
      '/dashboard/feedback?lead=lead-1',
      { data: [proLead], locked: ['prediction'] },
      {
        ...subscription('pro'),
        'GET /leads/lead-1': () =>
          json(200, {
            success: true,
            data: detail(proLead, { locked: ['prediction'], insights: proInsights }),
          }),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Casey Buyer' });
    expect(await within(dialog).findByRole('link', { name: 'Plan a tour' })).toHaveAttribute(
      'href',
      '/dashboard/day?lead=lead-1',
    );
  });

  it('Plan a tour on Basic: the upgrade hint instead of the action (the server answers 403 anyway)', async () => {
    renderPage(
      '/dashboard/feedback?lead=lead-1',
      { data: [basicLead], locked: ['insights', 'prediction'] },
      {
        'GET /payments/subscription': () =>
          json(200, { success: true, subscription: null, plan: { id: 'basic' } }),
        'GET /leads/lead-1': () => json(200, { success: true, data: detail(basicLead) }),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Casey Buyer' });
    expect(await within(dialog).findByText(/Plan a tour of several properties/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Plan a tour' })).not.toBeInTheDocument();
  });

  it('says plainly when there are no leads yet', async () => {
    renderPage('/dashboard/feedback', { data: [], locked: ['insights', 'prediction'] });
    expect(await screen.findByText('No leads yet')).toBeInTheDocument();
  });
});
