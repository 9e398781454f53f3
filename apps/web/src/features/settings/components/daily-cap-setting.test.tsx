// Settings → Availability, issue 44: the agent's daily cap across all their listings — read, chosen, saved at
// once (a number, or null for no limit), and a server refusal said in its words.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DAILY_CAP_UI } from '@keyturn/domain/slots/agentDailyCap';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { DailyCapSetting } from './daily-cap-setting';

type Body = { max_showings_per_day: number | null };

function renderSetting(stored: number | null, put: (body: Body) => Response) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/daily-cap': () => json(200, { success: true, data: { max_showings_per_day: stored } }),
    'PUT /agents/daily-cap': (call) => put(call.body as Body),
  });
  renderAt(<DailyCapSetting />, { path: '/dashboard/settings', routePath: '/dashboard/settings' });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('Settings: the daily showing limit (issue 44)', () => {
  it('starts at "No limit", saves a cap at once and says so, and saves "No limit" back as null', async () => {
    const { api, user } = renderSetting(null, (body) => json(200, { success: true, data: body }));
    const select = await screen.findByLabelText(DAILY_CAP_UI.label);
    await waitFor(() => expect(select).toHaveDisplayValue('No limit'));
    await user.selectOptions(select, '4 showings a day');
    await waitFor(() => expect(api.callsTo('PUT', '/agents/daily-cap')).toHaveLength(1));
    expect(api.callsTo('PUT', '/agents/daily-cap')[0]?.body).toEqual({ max_showings_per_day: 4 });
    expect(await screen.findByText(DAILY_CAP_UI.saved)).toBeInTheDocument();
    expect(select).toHaveDisplayValue('4 showings a day');
    await user.selectOptions(select, 'No limit');
    await waitFor(() => expect(api.callsTo('PUT', '/agents/daily-cap')).toHaveLength(2));
    expect(api.callsTo('PUT', '/agents/daily-cap')[1]?.body).toEqual({ max_showings_per_day: null });
  });

  it('shows a stored cap that is not among the choices, and keeps it when a save is refused', async () => {
    const { user } = renderSetting(13, () =>
      json(400, { error: 'The limit can be at most 50 showings a day', code: 'VALIDATION_ERROR' }),
    );
    const select = await screen.findByLabelText(DAILY_CAP_UI.label);
    await waitFor(() => expect(select).toHaveDisplayValue('13 showings a day'));
    await user.selectOptions(select, '1 showing a day');
    expect(await screen.findByText('The limit can be at most 50 showings a day')).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveDisplayValue('13 showings a day'));
  });
});
