// Settings → Availability, issue 44: how long a chosen time is held for a buyer — read, chosen, saved at once.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { HoldMinutesSetting } from './hold-minutes-setting';

describe('Settings: held times (issue 44)', () => {
  it('shows the stored minutes, saves a new choice at once and says so', async () => {
    const api = stubApi({
      ...signedInSessionRoutes(),
      'GET /agents/hold-minutes': () => json(200, { success: true, data: { minutes: 5 } }),
      'PUT /agents/hold-minutes': (call) => json(200, { success: true, data: call.body }),
    });
    renderAt(<HoldMinutesSetting />, { path: '/dashboard/settings', routePath: '/dashboard/settings' });
    const user = userEvent.setup({ delay: null });
    const select = await screen.findByLabelText(HOLD_TEXTS.setting.label);
    await waitFor(() => expect(select).toHaveDisplayValue('5 minutes'));
    await user.selectOptions(select, '10 minutes');
    await waitFor(() => expect(api.callsTo('PUT', '/agents/hold-minutes')).toHaveLength(1));
    expect(api.callsTo('PUT', '/agents/hold-minutes')[0]?.body).toEqual({ minutes: 10 });
    expect(await screen.findByText(HOLD_TEXTS.setting.saved)).toBeInTheDocument();
  });
});
