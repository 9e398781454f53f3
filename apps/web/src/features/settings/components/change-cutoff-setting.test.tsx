// Settings → Availability, issue 44: the agent's cut-off for buyers' own changes — read, chosen, saved at once,
// and a server refusal said in its words.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHANGE_CUTOFF_UI } from '@keyturn/domain/changeCutoff';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { ChangeCutoffSetting } from './change-cutoff-setting';

function renderSetting(put: (body: { hours: number }) => Response) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/change-cutoff': () => json(200, { success: true, data: { hours: 0 } }),
    'PUT /agents/change-cutoff': (call) => put(call.body as { hours: number }),
  });
  renderAt(<ChangeCutoffSetting />, { path: '/dashboard/settings', routePath: '/dashboard/settings' });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe("Settings: buyers' own changes (issue 44)", () => {
  it('shows the stored choice, saves a new one at once and says so', async () => {
    const { api, user } = renderSetting((body) => json(200, { success: true, data: body }));
    const select = await screen.findByLabelText(CHANGE_CUTOFF_UI.label);
    await waitFor(() => expect(select).toHaveValue('0'));
    expect(screen.getByRole('option', { name: 'Any time before the showing starts' })).toBeInTheDocument();
    await user.selectOptions(select, 'Up to 24 hours before');
    await waitFor(() => expect(api.callsTo('PUT', '/agents/change-cutoff')).toHaveLength(1));
    expect(api.callsTo('PUT', '/agents/change-cutoff')[0]?.body).toEqual({ hours: 24 });
    expect(await screen.findByText(CHANGE_CUTOFF_UI.saved)).toBeInTheDocument();
    expect(select).toHaveValue('24');
  });

  it("a refused save shows the server's message and keeps the stored choice", async () => {
    const { user } = renderSetting(() =>
      json(400, { error: 'The cut-off can be at most one week (168 hours)', code: 'VALIDATION_ERROR' }),
    );
    const select = await screen.findByLabelText(CHANGE_CUTOFF_UI.label);
    await waitFor(() => expect(select).toHaveValue('0'));
    await user.selectOptions(select, 'Up to 72 hours before');
    expect(await screen.findByText('The cut-off can be at most one week (168 hours)')).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('0'));
  });
});
