// Issue 46: the agent's Privacy requests page — open requests first with their legal clock (overdue in red and
// in words), "Delete this buyer's data" after a confirmation, a request started for a buyer who asked another
// way (the server's refusal on the field), and the retention setting.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { PRIVACY_TEXTS } from '@keyturn/domain/privacy';
import type { PrivacyRequest } from '@keyturn/domain/schemas/privacy';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { PrivacyRequestsPage } from './privacy-requests-page';

const T = PRIVACY_TEXTS.dashboard;

const request = (overrides: Partial<PrivacyRequest> = {}): PrivacyRequest => ({
  id: 'r-1',
  email: 'morgan@buyers.test',
  source: 'buyer',
  status: 'open',
  received_at: '2026-03-03T16:30:00.000Z',
  due_at: '2026-04-03T16:30:00.000Z',
  completed_at: null,
  days_left: 12,
  overdue: false,
  ...overrides,
});

function render(requests: PrivacyRequest[], routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /privacy-requests': () =>
      json(200, { success: true, data: { requests, time_zone: 'America/New_York' } }),
    'GET /privacy/retention': () => json(200, { success: true, data: { retention_months: null } }),
    ...routes,
  });
  renderAt(<PrivacyRequestsPage />, { path: '/dashboard/privacy-requests' });
  return { api, user: userEvent.setup({ delay: null }) };
}

afterEach(() => {
  toast.remove();
});

describe('PrivacyRequestsPage', () => {
  it('lists requests with their clock: days left, overdue in words, completed', async () => {
    render([
      request(),
      request({
        id: 'r-2',
        email: 'late@buyers.test',
        days_left: -3,
        overdue: true,
        due_at: '2026-02-28T16:30:00.000Z',
      }),
      request({
        id: 'r-3',
        email: null,
        status: 'completed',
        completed_at: '2026-03-05T12:00:00.000Z',
        source: 'retention',
      }),
    ]);
    const list = within(await screen.findByRole('list', { name: T.title }));
    expect(list.getByText(T.due('April 3, 2026 Eastern Time (New York)', 12))).toBeInTheDocument();
    const overdue = list.getByText(T.overdue('February 28, 2026 Eastern Time (New York)', 3));
    expect(overdue.className).toContain('text-red-700');
    expect(list.getByText(T.deleted)).toBeInTheDocument();
    expect(list.getByText(T.completed('March 5, 2026'))).toBeInTheDocument();
    expect(list.getAllByRole('button', { name: T.deleteAction })).toHaveLength(2);
    expect(list.getAllByRole('button', { name: T.deleteAction })[0]).toHaveAccessibleDescription(
      'morgan@buyers.test',
    );
  });

  it('deletes a buyer’s data only after the confirmation', async () => {
    let requests = [request()];
    const { api, user } = render([], {
      'GET /privacy-requests': () =>
        json(200, { success: true, data: { requests, time_zone: 'America/New_York' } }),
      'POST /privacy-requests/r-1/complete': () => {
        requests = [request({ email: null, status: 'completed', completed_at: '2026-03-04T12:00:00.000Z' })];
        return json(200, { success: true, data: requests[0] });
      },
    });
    await user.click(await screen.findByRole('button', { name: T.deleteAction }));
    const dialog = within(await screen.findByRole('dialog', { name: T.confirmTitle }));
    expect(dialog.getByText(T.confirmBody('morgan@buyers.test'))).toBeInTheDocument();
    expect(api.callsTo('POST', '/privacy-requests/r-1/complete')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: T.confirmAction }));
    expect(await screen.findByText(T.done)).toBeInTheDocument();
    expect(await screen.findByText(T.deleted)).toBeInTheDocument();
    expect(api.callsTo('POST', '/privacy-requests/r-1/complete')).toHaveLength(1);
  });

  it('starts a request for a buyer who asked another way, showing the server’s refusal on the field', async () => {
    const { api, user } = render([], {
      'POST /privacy-requests': (call) =>
        (call.body as { email: string }).email === 'nobody@x.test'
          ? json(422, {
              error: PRIVACY_TEXTS.errors.noBuyer,
              code: 'NO_BUYER',
              fields: { email: PRIVACY_TEXTS.errors.noBuyer },
            })
          : json(201, { success: true, data: request() }),
    });
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    const field = screen.getByLabelText(T.startLabel);
    await user.type(field, 'nobody@x.test');
    await user.click(screen.getByRole('button', { name: T.startAction }));
    expect(await screen.findByText(PRIVACY_TEXTS.errors.noBuyer)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, 'morgan@buyers.test');
    await user.click(screen.getByRole('button', { name: T.startAction }));
    expect(await screen.findByText(T.started)).toBeInTheDocument();
    expect(api.callsTo('POST', '/privacy-requests').map((c) => c.body)).toEqual([
      { email: 'nobody@x.test' },
      { email: 'morgan@buyers.test' },
    ]);
  });

  it('saves the retention', async () => {
    const { api, user } = render([], {
      'PUT /privacy/retention': () => json(200, { success: true, data: { retention_months: 24 } }),
    });
    const select = await screen.findByLabelText(T.retentionLabel);
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('');
    await user.selectOptions(select, '24');
    await user.click(screen.getByRole('button', { name: T.retentionSave }));
    expect(await screen.findByText(T.retentionSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/privacy/retention')[0]!.body).toEqual({ retention_months: 24 });
  });
});
