// Server settings (issue 30): what the environment sets is read-only and says so, a secret is only "set", a
// save sends only what changed (a secret only when a new one is typed), Check and Send a test say their answer,
// and a non-administrator reads the refusal in plain words.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  SERVER_SETTINGS,
  SERVER_SETTINGS_TEXTS,
  type ServerSettingsResponse,
} from '@keyturn/domain/schemas/serverSettings';
import { DEMO_TEXTS } from '@keyturn/domain/demo';
import { ACCESSIBILITY_TEXTS } from '@keyturn/domain/schemas/accessibility';
import { SALES_ENQUIRY_TEXTS } from '@keyturn/domain/schemas/salesEnquiries';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import type { RecordedCall } from '@/test/utils';
import { ServerSettingsPage } from './server-settings-page';

function body(overrides: Record<string, Partial<ServerSettingsResponse['settings'][number]>> = {}) {
  return {
    success: true as const,
    settings: SERVER_SETTINGS.map(({ key }) => ({
      key,
      source: 'unset' as const,
      value: null,
      set: false,
      ...overrides[key],
    })),
    urls: {
      googleRedirect: 'https://keyturn.example/oauth/google/callback',
      microsoftRedirect: 'https://keyturn.example/oauth/microsoft/callback',
      googleSignInRedirect: 'https://keyturn.example/api/auth/social/google/callback',
      microsoftSignInRedirect: 'https://keyturn.example/api/auth/social/microsoft/callback',
      smsInbound: 'https://keyturn.example/api/notifications/sms/inbound',
      stripeWebhook: 'https://keyturn.example/api/billing/webhook',
    },
    adminEmail: 'owner@example.com',
  };
}

const START = body({
  GOOGLE_CLIENT_ID: { source: 'environment', value: 'env-id.apps.googleusercontent.com', set: true },
  SMTP_HOST: { source: 'stored', value: 'smtp.old.test', set: true },
  SMTP_PASSWORD: { source: 'stored', value: null, set: true },
  MAIL_FROM: { source: 'default', value: 'Keyturn <no-reply@keyturn.app>', set: true },
});

function renderPage(routes: Record<string, (call: RecordedCall) => Response>) {
  const api = stubApi({ ...signedInSessionRoutes(), ...routes });
  renderAt(<ServerSettingsPage />, { path: '/dashboard/server-settings' });
  return api;
}

const sectionNamed = async (name: string) => screen.findByRole('region', { name });

describe('Server settings', () => {
  it("shows where each value comes from: the environment's read-only, a secret only as set", async () => {
    renderPage({ 'GET /server-settings': () => json(200, START) });
    const google = await sectionNamed('Google Calendar app');
    const id = within(google).getByLabelText('Client ID');
    expect((id as HTMLInputElement).value).toBe('env-id.apps.googleusercontent.com');
    expect((id as HTMLInputElement).disabled).toBe(true);
    expect(within(google).getByText(SERVER_SETTINGS_TEXTS.fromEnvironment)).toBeTruthy();
    // The redirect URI to register, with its copy button and the console link.
    expect(within(google).getByText('https://keyturn.example/oauth/google/callback')).toBeTruthy();
    expect(within(google).getByRole('button', { name: 'Copy the Google redirect URI' })).toBeTruthy();
    // Issue 41: the same app signs agents in, at a second redirect address beside the calendar one.
    expect(within(google).getByText('https://keyturn.example/api/auth/social/google/callback')).toBeTruthy();
    expect(
      within(google).getByRole('button', { name: 'Copy the Google sign-in redirect address' }),
    ).toBeTruthy();
    const microsoft = await sectionNamed('Microsoft Outlook app');
    expect(
      within(microsoft).getByText('https://keyturn.example/api/auth/social/microsoft/callback'),
    ).toBeTruthy();
    expect(
      within(google)
        .getByRole('link', { name: /Open the provider’s console/ })
        .getAttribute('href'),
    ).toBe('https://console.cloud.google.com/apis/credentials');

    const mail = await sectionNamed('E-mail');
    const password = within(mail).getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.value).toBe('');
    expect(within(mail).getByText(SERVER_SETTINGS_TEXTS.secretSet)).toBeTruthy();
    expect((within(mail).getByLabelText('SMTP server') as HTMLInputElement).value).toBe('smtp.old.test');
    // A default is a placeholder, not a value that a save would store.
    const sender = within(mail).getByLabelText('Sender') as HTMLInputElement;
    expect(sender.value).toBe('');
    expect(sender.placeholder).toBe('Keyturn <no-reply@keyturn.app>');
  });

  it('Save sends only what changed; a secret only when a new one is typed, then forgets it', async () => {
    const saved = body({
      SMTP_HOST: { source: 'stored', value: '127.0.0.1', set: true },
      SMTP_PORT: { source: 'stored', value: '2525', set: true },
      SMTP_PASSWORD: { source: 'stored', value: null, set: true },
    });
    const api = renderPage({
      'GET /server-settings': () => json(200, START),
      'PUT /server-settings': () => json(200, saved),
    });
    const mail = await sectionNamed('E-mail');
    const host = within(mail).getByLabelText('SMTP server');
    await userEvent.clear(host);
    await userEvent.type(host, '127.0.0.1');
    await userEvent.type(within(mail).getByLabelText('Port'), '2525');
    await userEvent.click(within(mail).getByRole('button', { name: 'Save E-mail' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/server-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/server-settings')[0]?.body).toEqual({
      values: { SMTP_HOST: '127.0.0.1', SMTP_PORT: '2525' },
    });

    await userEvent.type(within(mail).getByLabelText('Password'), 'new-secret');
    await userEvent.click(within(mail).getByRole('button', { name: 'Save E-mail' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/server-settings')).toHaveLength(2));
    expect(api.callsTo('PUT', '/server-settings')[1]?.body).toEqual({
      values: { SMTP_PASSWORD: 'new-secret' },
    });
    await vi.waitFor(() =>
      expect((within(mail).getByLabelText('Password') as HTMLInputElement).value).toBe(''),
    );
  });

  it('a stored secret can be removed on its own', async () => {
    const api = renderPage({
      'GET /server-settings': () => json(200, START),
      'PUT /server-settings': () => json(200, body()),
    });
    const mail = await sectionNamed('E-mail');
    await userEvent.click(within(mail).getByRole('button', { name: 'Remove the stored password' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/server-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/server-settings')[0]?.body).toEqual({ values: { SMTP_PASSWORD: null } });
    expect(await within(mail).findByText(SERVER_SETTINGS_TEXTS.secretUnset)).toBeTruthy();
    expect(within(mail).queryByRole('button', { name: 'Remove the stored password' })).toBeNull();
  });

  it("a refused value shows the server's message under its field", async () => {
    renderPage({
      'GET /server-settings': () => json(200, START),
      'PUT /server-settings': () =>
        json(400, {
          error: 'Enter a port number between 1 and 65535',
          code: 'VALIDATION_ERROR',
          fields: { SMTP_PORT: 'Enter a port number between 1 and 65535' },
        }),
    });
    const mail = await sectionNamed('E-mail');
    await userEvent.type(within(mail).getByLabelText('Port'), '99999');
    await userEvent.click(within(mail).getByRole('button', { name: 'Save E-mail' }));
    expect(await within(mail).findByText('Enter a port number between 1 and 65535')).toBeTruthy();
  });

  it('Check and Send a test say what the server answered, in plain words', async () => {
    const api = renderPage({
      'GET /server-settings': () => json(200, START),
      'POST /server-settings/mail/check': () =>
        json(200, {
          success: true,
          ok: false,
          message: 'Nothing answered at smtp.old.test on that port: check the server and port.',
        }),
      'POST /server-settings/mail/test': () =>
        json(200, { success: true, ok: true, message: 'A test message was sent to owner@example.com.' }),
    });
    const mail = await sectionNamed('E-mail');
    await userEvent.click(within(mail).getByRole('button', { name: 'Check' }));
    expect(await within(mail).findByText(/Nothing answered at smtp.old.test/)).toBeTruthy();
    await userEvent.click(within(mail).getByRole('button', { name: 'Send a test' }));
    expect(await within(mail).findByText(/A test message was sent to owner@example.com./)).toBeTruthy();
    expect(api.callsTo('POST', '/server-settings/mail/test')).toHaveLength(1);
  });

  it('a non-administrator reads the refusal, not an error code', async () => {
    renderPage({
      'GET /server-settings': () => json(403, { error: SERVER_SETTINGS_TEXTS.forbidden, code: 'FORBIDDEN' }),
    });
    expect(await screen.findByText(SERVER_SETTINGS_TEXTS.forbidden)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'E-mail' })).toBeNull();
  });
});

describe('Server settings: the demo account (issue 40)', () => {
  it('shows the demo and removes it after the confirmation; then says there is none', async () => {
    const api = renderPage({
      'GET /server-settings': () => json(200, START),
      'GET /server-settings/demo': () =>
        json(200, { success: true, demo: { email: 'demo@keyturn.app', properties: 7, bookings: 120 } }),
      'DELETE /server-settings/demo': () => json(200, { success: true, demo: null }),
    });
    const section = await sectionNamed(DEMO_TEXTS.sectionTitle);
    expect(await within(section).findByText(DEMO_TEXTS.present('demo@keyturn.app'))).toBeTruthy();
    expect(within(section).getByText('7 listings, 120 bookings.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: DEMO_TEXTS.remove }));
    // Nothing is removed before the confirmation.
    expect(api.callsTo('DELETE', '/server-settings/demo')).toHaveLength(0);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(DEMO_TEXTS.confirmRemove)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: DEMO_TEXTS.remove }));
    await vi.waitFor(() => expect(api.callsTo('DELETE', '/server-settings/demo')).toHaveLength(1));
    expect(await within(section).findByText(new RegExp(DEMO_TEXTS.absent))).toBeTruthy();
    expect(within(section).queryByRole('button', { name: DEMO_TEXTS.remove })).toBeNull();
  });
});

describe('Server settings: accessibility reports (issue 43)', () => {
  it('lists each report with its sender to answer, the page, the message and when it came, in the zone named', async () => {
    renderPage({
      'GET /server-settings': () => json(200, START),
      'GET /server-settings/accessibility-reports': () =>
        json(200, {
          success: true,
          total: 1,
          reports: [
            {
              id: 3,
              name: 'Rosa Díaz',
              email: 'rosa@example.com',
              page: '/bookme/abc/dana',
              message: 'The calendar days are read without their month.',
              created_at: '2026-12-03T15:04:00.000Z',
            },
          ],
        }),
    });
    const section = await sectionNamed(ACCESSIBILITY_TEXTS.sectionTitle);
    expect(await within(section).findByText('Rosa Díaz')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'rosa@example.com' }).getAttribute('href')).toMatch(
      /^mailto:rosa@example\.com\?/,
    );
    expect(within(section).getByText('Page: /bookme/abc/dana')).toBeTruthy();
    expect(within(section).getByText('The calendar days are read without their month.')).toBeTruthy();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(within(section).getByText(new RegExp(zone.split('/').pop()!.replaceAll('_', ' ')))).toBeTruthy();
  });

  it('says so when there is none', async () => {
    renderPage({
      'GET /server-settings': () => json(200, START),
      'GET /server-settings/accessibility-reports': () => json(200, { success: true, total: 0, reports: [] }),
    });
    const section = await sectionNamed(ACCESSIBILITY_TEXTS.sectionTitle);
    expect(await within(section).findByText(ACCESSIBILITY_TEXTS.none)).toBeTruthy();
  });
});

describe('Server settings: sales enquiries and the waiting list', () => {
  it('lists each enquiry with its sender to answer and its company, after the waiting list’s size', async () => {
    renderPage({
      'GET /server-settings': () => json(200, START),
      'GET /server-settings/sales-enquiries': () =>
        json(200, {
          success: true,
          total: 60,
          waiting_list: 3,
          enquiries: [
            {
              id: 9,
              name: 'Pat Broker',
              email: 'pat@brokerage.example',
              company: 'Lakeside Realty',
              message: 'Team size: 12\n\nTwelve agents, two offices.',
              created_at: '2026-12-03T15:04:00.000Z',
            },
          ],
        }),
    });
    const section = await sectionNamed(SALES_ENQUIRY_TEXTS.sectionTitle);
    expect(await within(section).findByText('3 people have joined the waiting list.')).toBeTruthy();
    expect(within(section).getByText('Pat Broker')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'pat@brokerage.example' }).getAttribute('href')).toBe(
      `mailto:pat@brokerage.example?subject=${encodeURIComponent(SALES_ENQUIRY_TEXTS.replySubject)}`,
    );
    expect(within(section).getByText('Company: Lakeside Realty')).toBeTruthy();
    expect(within(section).getByText(/Twelve agents, two offices\./)).toBeTruthy();
    expect(within(section).getByText('The newest 1 of 60 enquiries.')).toBeTruthy();
  });

  it('says so when nobody wrote or joined', async () => {
    renderPage({
      'GET /server-settings': () => json(200, START),
      'GET /server-settings/sales-enquiries': () =>
        json(200, { success: true, total: 0, waiting_list: 0, enquiries: [] }),
    });
    const section = await sectionNamed(SALES_ENQUIRY_TEXTS.sectionTitle);
    expect(await within(section).findByText(SALES_ENQUIRY_TEXTS.none)).toBeTruthy();
    expect(within(section).getByText(SALES_ENQUIRY_TEXTS.waitingList(0))).toBeTruthy();
  });
});
