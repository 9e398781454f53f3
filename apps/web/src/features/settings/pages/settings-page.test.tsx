import { LEAVING_TEXTS } from '@keyturn/domain/leaving';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AVAILABILITY_MESSAGES, DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import type { AgentAvailability } from '@keyturn/domain/schemas/availability';
import {
  DEFAULT_FEEDBACK_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
} from '@keyturn/domain/schemas/agentSettings';
import type { RecordedCall } from '@/test/utils';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { SettingsPage } from './settings-page';

const agentProfile = TEST_AGENT_PROFILE;

const availability: AgentAvailability = {
  ...DEFAULT_AVAILABILITY,
  overrides: [{ date: '2030-12-25', is_available: false, intervals: [] }],
  minimum_notice_minutes: 120,
  buffer_minutes: 15,
};

type Routes = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

function renderSettings(tab: string, routes: Routes = {}) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () => json(200, { success: true, data: agentProfile }),
    'GET /availability': () => json(200, { success: true, data: availability }),
    'PUT /availability': (call) => json(200, { success: true, data: call.body }),
    'GET /payments/subscription': () =>
      json(200, { success: true, subscription: null, plan: { id: 'basic' } }),
    ...routes,
  });
  const rendered = renderAt(<SettingsPage />, {
    path: `/dashboard/settings?tab=${tab}`,
    routePath: '/dashboard/settings',
  });
  return { ...rendered, api };
}

function savedAvailability(api: ReturnType<typeof stubApi>) {
  const calls = api.callsTo('PUT', '/availability');
  return calls[calls.length - 1]?.body as AgentAvailability;
}

describe('settings tabs', () => {
  it('opens the tab named in the query string and switches with the arrow keys', async () => {
    const { router } = renderSettings('availability', {
      'GET /agents/branding': () =>
        json(200, {
          success: true,
          data: { companyName: null, primaryColor: '#3B82F6', logoUrl: null, profilePictureUrl: null },
        }),
    });
    const tab = screen.getByRole('tab', { name: 'Availability' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    tab.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Branding' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Branding' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=branding');
    // Issue 29: the tab row wraps on a narrow screen instead of scrolling its last tabs out of reach (the
    // browser spec buyer-wcag.spec.ts measures it at 390 px).
    const list = screen.getByRole('tablist');
    expect(list.className).toContain('flex-wrap');
    expect(list.parentElement?.className ?? '').not.toContain('overflow-x-auto');
  });
});

describe('availability editor', () => {
  it('turning Wednesday off and saving PUTs the whole object with day 3 unavailable', async () => {
    const { api } = renderSettings('availability');
    const wednesday = await screen.findByRole('switch', { name: 'Wednesday' });
    expect(wednesday).toBeChecked();
    await userEvent.click(wednesday);
    expect(wednesday).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));

    await vi.waitFor(() => expect(api.callsTo('PUT', '/availability')).toHaveLength(1));
    expect(savedAvailability(api)).toEqual({
      ...availability,
      days: availability.days.map((day) =>
        day.day_of_week === 3 ? { day_of_week: 3, is_available: false, intervals: [] } : day,
      ),
    });
  });

  it('copies one day to all weekdays', async () => {
    const { api } = renderSettings('availability');
    const start = await screen.findByLabelText('Monday range 1 start');
    fireEvent.change(start, { target: { value: '10:00' } });
    fireEvent.change(screen.getByLabelText('Monday range 1 end'), { target: { value: '14:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add a time range to Monday' }));
    fireEvent.change(screen.getByLabelText('Monday range 2 start'), { target: { value: '15:00' } });
    fireEvent.change(screen.getByLabelText('Monday range 2 end'), { target: { value: '18:00' } });

    // A day marked unavailable has no hours to copy: no such button (issue 29).
    expect(screen.queryByRole('button', { name: 'Copy Sunday to all weekdays' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy Saturday to all weekdays' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy Monday to all weekdays' }));
    expect(screen.getByLabelText('Friday range 2 end')).toHaveValue('18:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));

    await vi.waitFor(() => expect(api.callsTo('PUT', '/availability')).toHaveLength(1));
    const monday = [
      { start: '10:00', end: '14:00' },
      { start: '15:00', end: '18:00' },
    ];
    const days = savedAvailability(api).days;
    for (const day of [1, 2, 3, 4, 5]) {
      expect(days.find((d) => d.day_of_week === day)).toEqual({
        day_of_week: day,
        is_available: true,
        intervals: monday,
      });
    }
    // The weekend is left alone.
    expect(days.find((d) => d.day_of_week === 0)).toEqual({
      day_of_week: 0,
      is_available: false,
      intervals: [],
    });
    expect(days.find((d) => d.day_of_week === 6)).toEqual({
      day_of_week: 6,
      is_available: false,
      intervals: [],
    });
  });

  it("shows the schema's overlap message and sends nothing; fixing it clears the message", async () => {
    const { api } = renderSettings('availability');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a time range to Tuesday' }));
    // The new range follows the last one's end only if there is room; make it overlap on purpose.
    fireEvent.change(screen.getByLabelText('Tuesday range 2 start'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('Tuesday range 2 end'), { target: { value: '13:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));

    expect(await screen.findByText(AVAILABILITY_MESSAGES.overlap)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/availability')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Tuesday range 1 end'), { target: { value: '12:00' } });
    await vi.waitFor(() => expect(screen.queryByText(AVAILABILITY_MESSAGES.overlap)).not.toBeInTheDocument());
  });

  it('an end before the start shows the schema message under the range', async () => {
    renderSettings('availability');
    fireEvent.change(await screen.findByLabelText('Thursday range 1 end'), { target: { value: '08:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText(AVAILABILITY_MESSAGES.endAfterStart)).toBeInTheDocument();
  });

  it('edits date exceptions, notice in hours, buffer and approval', async () => {
    const { api } = renderSettings('availability');
    expect(await screen.findByLabelText('Minimum notice')).toHaveValue(2);
    expect(screen.getByLabelText('Minimum notice unit')).toHaveValue('hours');
    fireEvent.change(screen.getByLabelText('Minimum notice'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Buffer between showings (minutes)'), { target: { value: '30' } });
    await userEvent.click(screen.getByRole('switch', { name: 'Require my approval for new bookings' }));

    await userEvent.click(screen.getByRole('button', { name: 'Add a date' }));
    const dates = screen.getAllByLabelText('Date');
    fireEvent.change(dates[1]!, { target: { value: '2030-07-04' } });
    await userEvent.selectOptions(screen.getAllByLabelText('That day')[1]!, 'hours');

    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/availability')).toHaveLength(1));
    expect(savedAvailability(api)).toMatchObject({
      minimum_notice_minutes: 180,
      buffer_minutes: 30,
      requires_approval: true,
      overrides: [
        { date: '2030-12-25', is_available: false, intervals: [] },
        { date: '2030-07-04', is_available: true, intervals: [{ start: '09:00', end: '17:00' }] },
      ],
    });
  });

  it('the notice unit never converts what was typed: 2 then "hours" saves two hours (issue 29)', async () => {
    const { api } = renderSettings('availability');
    const notice = await screen.findByLabelText('Minimum notice');
    await userEvent.selectOptions(screen.getByLabelText('Minimum notice unit'), 'minutes');
    fireEvent.change(notice, { target: { value: '2' } });
    await userEvent.selectOptions(screen.getByLabelText('Minimum notice unit'), 'hours');
    expect(notice).toHaveValue(2);
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/availability')).toHaveLength(1));
    expect(savedAvailability(api).minimum_notice_minutes).toBe(120);
    // And back: 2 typed in hours, the unit set to minutes, saves two minutes.
    await userEvent.selectOptions(screen.getByLabelText('Minimum notice unit'), 'minutes');
    expect(notice).toHaveValue(2);
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/availability')).toHaveLength(2));
    expect(savedAvailability(api).minimum_notice_minutes).toBe(2);
  });

  it('refuses the same date twice with the schema message', async () => {
    const { api } = renderSettings('availability');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a date' }));
    fireEvent.change(screen.getAllByLabelText('Date')[1]!, { target: { value: '2030-12-25' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText(AVAILABILITY_MESSAGES.duplicateOverride)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/availability')).toHaveLength(0);
  });
});

describe('branding', () => {
  const branding = {
    companyName: 'Scully Homes',
    primaryColor: '#3B82F6',
    logoUrl: 'https://img.example/logo.png',
    profilePictureUrl: null,
  };

  function renderBranding(routes: Routes = {}) {
    return renderSettings('branding', {
      'GET /agents/branding': () => json(200, { success: true, data: branding }),
      ...routes,
    });
  }

  it('updates the preview live as the agent types', async () => {
    renderBranding();
    const preview = await screen.findByTestId('branding-preview');
    expect(within(preview).getByText('Scully Homes')).toBeInTheDocument();
    expect(await within(preview).findByText('Dana Scully')).toBeInTheDocument();
    expect(within(preview).getByText('Real Estate Agent')).toBeInTheDocument();
    // No picture: the name's initial.
    expect(within(preview).getByTestId('preview-picture-initial')).toHaveTextContent('D');

    const company = screen.getByLabelText('Company name');
    await userEvent.clear(company);
    await userEvent.type(company, 'Harbor Realty');
    expect(within(preview).getByText('Harbor Realty')).toBeInTheDocument();
    expect(within(preview).queryByText('Scully Homes')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    const initial = within(preview).getByTestId('preview-logo-initial');
    expect(initial).toHaveTextContent('H');
    expect(initial).toHaveStyle({ backgroundColor: '#3B82F6' });

    const colour = screen.getByLabelText('Primary colour');
    await userEvent.clear(colour);
    await userEvent.type(colour, '#10B981');
    expect(within(preview).getByTestId('preview-logo-initial')).toHaveStyle({ backgroundColor: '#10B981' });
  });

  it('a logo that fails to load is hidden and the initial on the primary colour shows', async () => {
    renderBranding();
    const preview = await screen.findByTestId('branding-preview');
    const logo = within(preview).getByRole('img', { name: 'Scully Homes logo' });
    expect(within(preview).queryByTestId('preview-logo-initial')).not.toBeInTheDocument();
    fireEvent.error(logo);
    expect(within(preview).queryByRole('img', { name: 'Scully Homes logo' })).not.toBeInTheDocument();
    expect(within(preview).getByTestId('preview-logo-initial')).toHaveTextContent('S');
  });

  it('validates the colour with the schema and saves with PUT /api/agents/branding', async () => {
    const { api } = renderBranding({
      'POST /uploads': () => json(201, { success: true, url: '/uploads/abc.png', width: 200, height: 200 }),
      'PUT /agents/branding': (call) => json(200, { success: true, data: call.body }),
    });
    const colour = await screen.findByLabelText('Primary colour');
    await userEvent.clear(colour);
    await userEvent.type(colour, 'blue');
    await userEvent.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(await screen.findByText('Enter a colour like #3B82F6')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/agents/branding')).toHaveLength(0);

    await userEvent.clear(colour);
    await userEvent.type(colour, '#0f766e');
    await userEvent.upload(
      screen.getByLabelText('Upload profile picture'),
      new File(['p'], 'me.png', { type: 'image/png' }),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('img', { name: 'Dana Scully' })).toHaveAttribute(
        'src',
        expect.stringMatching(/\/uploads\/abc\.png$/),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save branding' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/agents/branding')).toHaveLength(1));
    expect(api.callsTo('PUT', '/agents/branding')[0]?.body).toEqual({
      companyName: 'Scully Homes',
      primaryColor: '#0f766e',
      logoUrl: 'https://img.example/logo.png',
      profilePictureUrl: '/uploads/abc.png',
      showEmail: true,
      showPhone: true,
    });
  });

  it('the public-profile switches for e-mail and phone start on and are saved as set (issue 26)', async () => {
    const { api } = renderBranding({
      'PUT /agents/branding': (call) => json(200, { success: true, data: call.body }),
    });
    const email = await screen.findByRole('switch', { name: 'Show my e-mail address' });
    const phone = screen.getByRole('switch', { name: 'Show my phone number' });
    expect(email).toBeChecked();
    expect(phone).toBeChecked();
    await userEvent.click(email);
    await userEvent.click(screen.getByRole('button', { name: 'Save branding' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/agents/branding')).toHaveLength(1));
    expect(api.callsTo('PUT', '/agents/branding')[0]?.body).toMatchObject({
      showEmail: false,
      showPhone: true,
    });
    await vi.waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Show my e-mail address' })).not.toBeChecked(),
    );
  });

  it('shows an upload refusal under the picker', async () => {
    renderBranding({
      'POST /uploads': () => json(413, { error: 'That image is over 5 MB.', code: 'UPLOAD_TOO_LARGE' }),
    });
    const picker = await screen.findByLabelText('Replace logo');
    await userEvent.upload(picker, new File(['x'], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('That image is over 5 MB.')).toBeInTheDocument();
    expect(picker).toHaveAccessibleDescription('That image is over 5 MB.');
  });
});

describe('notifications and feedback', () => {
  it('shows the defaults notice while not acknowledged; "Got it" acknowledges the area', async () => {
    const { api } = renderSettings('notifications', {
      'GET /agents/notifications': () =>
        json(200, {
          success: true,
          data: DEFAULT_NOTIFICATION_SETTINGS,
          isDefault: true,
          acknowledged: false,
        }),
      'POST /agents/acknowledge-defaults': () => json(200, { success: true }),
    });
    expect(
      await screen.findByText('We set sensible defaults for notifications — review them.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/agents/acknowledge-defaults')).toHaveLength(1));
    expect(api.callsTo('POST', '/agents/acknowledge-defaults')[0]?.body).toEqual({ area: 'notifications' });
    await vi.waitFor(() => expect(screen.queryByText(/We set sensible defaults/)).not.toBeInTheDocument());
  });

  it('saves notification settings; SMS is off on a plan without SMS; a fourth reminder is refused', async () => {
    const { api } = renderSettings('notifications', {
      'GET /agents/notifications': () =>
        json(200, {
          success: true,
          data: DEFAULT_NOTIFICATION_SETTINGS,
          isDefault: false,
          acknowledged: true,
        }),
      'PUT /agents/notifications': (call) =>
        json(200, { success: true, data: call.body, isDefault: false, acknowledged: true }),
    });
    expect(await screen.findByRole('switch', { name: 'SMS reminders' })).toBeDisabled();
    expect(screen.queryByText(/We set sensible defaults/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Reminder 1')).toHaveValue('1440');
    expect(screen.getByLabelText('Reminder 2')).toHaveValue('60');

    await userEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText('At most 3 reminders')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/agents/notifications')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove reminder 4' }));
    await userEvent.click(screen.getByRole('switch', { name: 'E-mail me about new bookings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save notifications' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/agents/notifications')).toHaveLength(1));
    expect(api.callsTo('PUT', '/agents/notifications')[0]?.body).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      agent_new_booking_email: false,
      reminder_offsets_minutes: [1440, 60, 15],
    });
  });

  it('with texts on, the second text’s time is a choice saved as minutes (issue 33)', async () => {
    const { api } = renderSettings('notifications', {
      'GET /payments/subscription': () =>
        json(200, { success: true, subscription: null, plan: { id: 'pro' } }),
      'GET /agents/notifications': () =>
        json(200, {
          success: true,
          data: { ...DEFAULT_NOTIFICATION_SETTINGS, sms_reminders: true },
          isDefault: false,
          acknowledged: true,
        }),
      'PUT /agents/notifications': (call) =>
        json(200, { success: true, data: call.body, isDefault: false, acknowledged: true }),
    });
    const choice = await screen.findByLabelText('Ask again when the buyer has not confirmed');
    expect(choice).toHaveValue('360');
    expect(choice).toHaveAccessibleDescription(/No answer 2 hours before the showing, we e-mail you/);
    await userEvent.selectOptions(choice, '12 hours before');
    await userEvent.click(screen.getByRole('button', { name: 'Save notifications' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/agents/notifications')).toHaveLength(1));
    expect(api.callsTo('PUT', '/agents/notifications')[0]?.body).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      sms_reminders: true,
      reconfirm_minutes_before: 720,
    });
  });

  it('saves feedback settings with the delay as a number', async () => {
    const { api } = renderSettings('feedback', {
      'GET /agents/feedback-settings': () =>
        json(200, { success: true, data: DEFAULT_FEEDBACK_SETTINGS, isDefault: true, acknowledged: false }),
      'PUT /agents/feedback-settings': (call) =>
        json(200, { success: true, data: call.body, isDefault: false, acknowledged: false }),
    });
    expect(
      await screen.findByText('We set sensible defaults for feedback requests — review them.'),
    ).toBeInTheDocument();
    const delay = screen.getByLabelText('Send it this many minutes after the showing');
    await userEvent.clear(delay);
    await userEvent.type(delay, '120');
    await userEvent.click(screen.getByRole('switch', { name: 'Ask what they think of the price' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save feedback settings' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/agents/feedback-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/agents/feedback-settings')[0]?.body).toEqual({
      ...DEFAULT_FEEDBACK_SETTINGS,
      delay_minutes_after_showing: 120,
      ask_price_opinion: false,
    });
  });
});

describe('account', () => {
  it('offers one way to delete: Delete account (the old "Delete my profile" is gone)', async () => {
    renderSettings('account', {});
    expect(await screen.findByRole('link', { name: 'Manage your account' })).toHaveAttribute(
      'href',
      '/user-profile',
    );
    expect(await screen.findAllByRole('button', { name: /delete/i })).toEqual([
      screen.getByRole('button', { name: LEAVING_TEXTS.deleteButton }),
    ]);
    expect(screen.queryByText(/delete my profile/i)).toBeNull();
  });
});
