import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FAIR_HOUSING_TEXTS } from '@keyturn/domain/insights/fairHousing';
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from '@keyturn/domain/schemas/webhooks';
import type { RecordedCall } from '@/test/utils';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { SettingsPage } from './settings-page';

const endpoint = {
  id: 'e1',
  url: 'https://crm.example.com/hooks',
  events: ['booking.created', 'lead.updated'],
  created_at: '2030-03-01T10:00:00.000Z',
};
const delivery = {
  id: 'd1',
  event: 'booking.created',
  event_id: 'ev1',
  status: 'delivered',
  attempts: 2,
  response_status: 200,
  last_error: null,
  created_at: '2030-03-01T10:05:00.000Z',
  delivered_at: '2030-03-01T10:05:03.000Z',
};

function renderWebhooks(plan: string, routes: Record<string, (call: RecordedCall) => Response> = {}) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () => json(200, { success: true, data: { ...TEST_AGENT_PROFILE, plan } }),
    'GET /payments/subscription': () =>
      json(200, { success: true, subscription: { status: 'active' }, plan: { id: plan } }),
    'GET /webhooks': () => json(200, { success: true, data: [endpoint] }),
    'GET /webhooks/e1/deliveries': () => json(200, { success: true, data: [delivery] }),
    'GET /crm/include-income': () => json(200, { success: true, data: { include_income: false } }),
    ...routes,
  });
  renderAt(<SettingsPage />, { path: '/dashboard/settings?tab=webhooks', routePath: '/dashboard/settings' });
  return api;
}

describe('Settings → Webhooks', () => {
  it('adds an endpoint with the chosen events and shows its signing secret once', async () => {
    const api = renderWebhooks('enterprise', {
      'POST /webhooks': (call) =>
        json(201, {
          success: true,
          data: { ...endpoint, id: 'e2', ...(call.body as object) },
          secret: 'whsec_abc123',
        }),
    });
    await userEvent.type(await screen.findByLabelText('Endpoint URL'), 'https://hooks.example.com/in');
    await userEvent.click(screen.getByRole('checkbox', { name: /Feedback received/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(api.callsTo('POST', '/webhooks')).toHaveLength(1));
    expect(api.callsTo('POST', '/webhooks')[0]?.body).toEqual({
      url: 'https://hooks.example.com/in',
      events: WEBHOOK_EVENTS.filter((e) => e !== 'feedback.received'),
    });
    expect(await screen.findByText('whsec_abc123')).toBeInTheDocument();
    expect(screen.getByText(/it is not shown again/)).toBeInTheDocument();
  });

  it('refuses a non-http address on the form and sends nothing', async () => {
    const api = renderWebhooks('enterprise');
    await userEvent.type(await screen.findByLabelText('Endpoint URL'), 'ftp://files.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.urlInvalid)).toBeInTheDocument();
    expect(api.callsTo('POST', '/webhooks')).toHaveLength(0);
  });

  it('lists deliveries with status, response code and attempts; Send again posts the resend', async () => {
    const api = renderWebhooks('enterprise', {
      'POST /webhooks/e1/deliveries/d1/resend': () =>
        json(201, { success: true, data: { ...delivery, id: 'd2', status: 'pending', attempts: 0 } }),
    });
    const log = await screen.findByRole('table', { name: 'Deliveries to this webhook' });
    const row = within(log).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('booking.created');
    expect(row).toHaveTextContent('Delivered');
    expect(row).toHaveTextContent('200');
    await userEvent.click(within(row).getByRole('button', { name: 'Send booking.created again' }));
    await waitFor(() => expect(api.callsTo('POST', '/webhooks/e1/deliveries/d1/resend')).toHaveLength(1));
  });

  it('income in exports and webhooks: off by default beside the warning; turning it on saves it', async () => {
    const api = renderWebhooks('enterprise', {
      'PUT /crm/include-income': (call) => json(200, { success: true, data: call.body }),
    });
    const toggle = await screen.findByRole('switch', { name: FAIR_HOUSING_TEXTS.includeIncomeLabel });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(FAIR_HOUSING_TEXTS.includeIncomeWarning);
    expect(screen.getByText(FAIR_HOUSING_TEXTS.includeIncomeOff)).toBeInTheDocument();
    await userEvent.click(toggle);
    await waitFor(() => expect(api.callsTo('PUT', '/crm/include-income')).toHaveLength(1));
    expect(api.callsTo('PUT', '/crm/include-income')[0]?.body).toEqual({ include_income: true });
    expect(await screen.findByText(FAIR_HOUSING_TEXTS.includeIncomeOn)).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('below Enterprise: an upgrade hint, and the webhooks are never requested', async () => {
    const api = renderWebhooks('pro');
    expect(
      await screen.findByText(
        'CRM export and webhooks are part of the Enterprise plan. Upgrade to use them.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Endpoint URL')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/webhooks')).toHaveLength(0);
    expect(api.callsTo('GET', '/crm/include-income')).toHaveLength(0);
  });
});
