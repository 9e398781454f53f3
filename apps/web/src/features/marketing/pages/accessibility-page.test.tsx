// Issue 43: the accessibility statement says what it claims, how it is tested and what falls short, and its
// form sends a report only when it is complete, then says where it went and where the answer will come.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCESSIBILITY_TEXTS } from '@keyturn/domain/schemas/accessibility';
import { json, renderAt, stubApi } from '@/test/utils';
import { AccessibilityPage } from './accessibility-page';

describe('/accessibility', () => {
  it('states the claim, the tests and the known exceptions', async () => {
    stubApi({});
    renderAt(<AccessibilityPage />, { path: '/accessibility' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByText(/WCAG\) 2\.2 at level AA/)).toBeTruthy();
    for (const name of ['Which pages', 'How we test', 'Known exceptions', 'Report a problem']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
  });

  it('refuses an incomplete report without sending it, then sends a complete one and says who has it', async () => {
    const api = stubApi({
      'POST /accessibility-reports': (call) =>
        json(201, {
          success: true,
          message: ACCESSIBILITY_TEXTS.received((call.body as { email: string }).email),
        }),
    });
    renderAt(<AccessibilityPage />, { path: '/accessibility' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('Describe the problem you met')).toBeTruthy();
    expect(api.callsTo('POST', '/accessibility-reports')).toHaveLength(0);

    await user.type(screen.getByLabelText('Your e-mail (for our answer)'), 'rosa@example.com');
    await user.type(screen.getByLabelText('What went wrong?'), 'The time buttons have no names.');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/accessibility-reports')).toHaveLength(1));
    expect(api.callsTo('POST', '/accessibility-reports')[0]?.body).toEqual({
      name: null,
      email: 'rosa@example.com',
      page: null,
      message: 'The time buttons have no names.',
    });
    expect(await screen.findByText(ACCESSIBILITY_TEXTS.received('rosa@example.com'))).toBeTruthy();
    expect((screen.getByLabelText('What went wrong?') as HTMLTextAreaElement).value).toBe('');
  });
});
