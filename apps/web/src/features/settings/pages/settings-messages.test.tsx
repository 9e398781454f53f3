// Settings → Messages: the "Sent messages" list, its filter in the URL, "Send again", and one message in a
// dialog (envelope, sandboxed HTML body, text, attachments, download).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SentMessage, SentMessageDetail } from '@keyturn/domain/schemas/notifications';
import type { RecordedCall } from '@/test/utils';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { SettingsPage } from './settings-page';

const agentProfile = TEST_AGENT_PROFILE;

function message(overrides: Partial<SentMessage> & Pick<SentMessage, 'id' | 'kind'>): SentMessage {
  const [, audience = 'buyer', channel = 'email'] = overrides.kind.split('.');
  return {
    booking_id: 'b1',
    channel: channel as SentMessage['channel'],
    audience: audience as SentMessage['audience'],
    recipient: 'jane@example.com',
    subject: null,
    status: 'sent',
    attempts: 1,
    last_error: null,
    transport: 'smtp',
    message_id: `<${overrides.id}@keyturn.test>`,
    scheduled_for: '2030-06-12T18:00:00.000Z',
    sent_at: null,
    updated_at: '2030-06-12T18:30:00.000Z',
    file_name: null,
    dismissed_at: null,
    ...overrides,
  };
}

// 18:30 UTC is 2:30 PM in New York (EDT) on Wednesday, June 12, 2030.
const confirmation = message({
  id: 'm-confirm',
  kind: 'booking_created.buyer.email',
  subject: 'Confirmed: 88 Riverside Drive on Wed, Jun 12 at 3:00 PM',
  transport: 'file',
  sent_at: '2030-06-12T18:30:00.000Z',
  file_name: 'booking_created.buyer.email-abc123.eml',
});
const newBooking = message({
  id: 'm-agent',
  kind: 'booking_created.agent.email',
  recipient: 'dana@example.com',
  subject: 'New booking: Jane Buyer — Wed, Jun 12 at 3:00 PM',
  transport: 'file',
  sent_at: '2030-06-12T18:31:00.000Z',
  file_name: 'booking_created.agent.email-def456.eml',
});
const failedReminder = message({
  id: 'm-failed',
  kind: 'reminder.buyer.email',
  subject: 'Reminder: 88 Riverside Drive tomorrow — Thu, Jun 13 at 3:00 PM',
  status: 'failed',
  attempts: 5,
  last_error: '550 Mailbox unavailable',
  updated_at: '2030-06-12T19:00:00.000Z',
});
const skippedText = message({
  id: 'm-skipped',
  kind: 'reminder.buyer.sms',
  recipient: '+15550100199',
  status: 'skipped',
  transport: null,
  last_error: 'The buyer replied STOP to texts from this number.',
});

type Routes = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

function statusOf(call: RecordedCall): string | null {
  return new URL(call.url, 'http://localhost').searchParams.get('status');
}

function renderMessages(
  { list = [failedReminder, newBooking, confirmation, skippedText], query = '' } = {},
  routes: Routes = {},
) {
  let messages = list;
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () => json(200, { success: true, data: agentProfile }),
    'GET /agents/messages': (call) => {
      const status = statusOf(call);
      return json(200, {
        success: true,
        data: messages.filter((m) => !status || m.status === status),
        failedCount: messages.filter((m) => m.status === 'failed').length,
      });
    },
    'POST /agents/messages/m-failed/retry': () => {
      const updated = { ...failedReminder, status: 'retrying' as const };
      messages = messages.map((m) => (m.id === updated.id ? updated : m));
      return json(200, { success: true, data: updated });
    },
    ...routes,
  });
  const rendered = renderAt(<SettingsPage />, {
    path: `/dashboard/settings?tab=messages${query}`,
    routePath: '/dashboard/settings',
  });
  return { ...rendered, api };
}

async function rowOf(subject: string | RegExp) {
  const list = await screen.findByRole('list', { name: 'Sent messages' });
  const row = within(list)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(subject));
  if (!row) throw new Error(`no row with ${String(subject)}`);
  return row;
}

describe('sent messages list', () => {
  it('names each message (event, to the buyer / to you, e-mail / text), its recipient, status and time in the agent zone', async () => {
    renderMessages();
    expect(screen.getByRole('tab', { name: 'Messages' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Sent messages' })).toBeInTheDocument();

    const confirmed = await rowOf(confirmation.subject!);
    expect(confirmed).toHaveTextContent('Booking made');
    expect(confirmed).toHaveTextContent('to the buyer · E-mail');
    expect(confirmed).toHaveTextContent('jane@example.com');
    expect(within(confirmed).getByText('Saved as a file', { exact: true })).toBeInTheDocument();
    // The agent's zone arrives with the profile: 18:30 UTC is 2:30 PM in New York.
    expect(await within(confirmed).findByText(/Wed, Jun 12, 2030, 2:30 PM/)).toBeInTheDocument();

    const mine = await rowOf(newBooking.subject!);
    expect(mine).toHaveTextContent('Booking made');
    expect(mine).toHaveTextContent('to you · E-mail');
    expect(mine).toHaveTextContent('dana@example.com');

    const text = await rowOf('+15550100199');
    expect(text).toHaveTextContent('Reminder');
    expect(text).toHaveTextContent('to the buyer · Text');
  });

  it('shows the reason of a failed or skipped message, and "Send again" only on failed ones', async () => {
    renderMessages();
    const failed = await rowOf(failedReminder.subject!);
    expect(within(failed).getByText('Failed', { exact: true })).toBeInTheDocument();
    expect(failed).toHaveTextContent('Why it failed: 550 Mailbox unavailable');
    expect(within(failed).getByRole('button', { name: /^Send again/ })).toBeInTheDocument();

    const skipped = await rowOf('+15550100199');
    expect(within(skipped).getByText('Skipped', { exact: true })).toBeInTheDocument();
    expect(skipped).toHaveTextContent(
      'Why it was skipped: The buyer replied STOP to texts from this number.',
    );
    expect(within(skipped).queryByRole('button', { name: /^Send again/ })).not.toBeInTheDocument();

    const sent = await rowOf(confirmation.subject!);
    expect(within(sent).queryByText(/Why it/)).not.toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: /^Send again/ })).not.toBeInTheDocument();
  });

  it('says plainly, once above the list and on each such message, that mail saved as a file was not delivered', async () => {
    renderMessages();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('These e-mails were not delivered.');
    expect(note).toHaveTextContent('No mail server is set up');
    const saved = await rowOf(confirmation.subject!);
    expect(saved).toHaveTextContent('Saved as a file, not delivered: no mail server is set up.');
    // Its status says "Saved as a file", never a green "Sent" (issue 19).
    expect(within(saved).getByText('Saved as a file', { exact: true })).toBeInTheDocument();
    expect(within(saved).queryByText('Sent', { exact: true })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(saved).toHaveTextContent('Saved Wed, Jun 12, 2030, 2:30 PM'));
    // A message that went out through SMTP says nothing of the kind.
    expect(await rowOf(failedReminder.subject!)).not.toHaveTextContent('Saved as a file');
  });

  it('has no file note when every message went through a mail server', async () => {
    renderMessages({ list: [failedReminder] });
    await rowOf(failedReminder.subject!);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows an empty state when there are no messages', async () => {
    renderMessages({ list: [] });
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Sent messages' })).not.toBeInTheDocument();
  });

  it('shows the failure with "Try again" when the list cannot be loaded', async () => {
    renderMessages({}, { 'GET /agents/messages': () => json(500, { error: 'Database down.', code: 'X' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your messages. Database down.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('status filter', () => {
  it('"Failed" asks the API for status=failed and writes it to the URL; "All" removes it', async () => {
    const { api, router } = renderMessages();
    await rowOf(confirmation.subject!);
    expect(statusOf(api.callsTo('GET', '/agents/messages')[0]!)).toBeNull();

    const filter = screen.getByRole('group', { name: 'Show messages' });
    await userEvent.click(within(filter).getByRole('button', { name: 'Failed' }));
    await vi.waitFor(() => expect(api.callsTo('GET', '/agents/messages').map(statusOf)).toContain('failed'));
    expect(router.state.location.search).toBe('?tab=messages&status=failed');
    expect(within(filter).getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(screen.queryByText(confirmation.subject!)).not.toBeInTheDocument());
    expect(await rowOf(failedReminder.subject!)).toBeInTheDocument();

    await userEvent.click(within(filter).getByRole('button', { name: 'All' }));
    expect(router.state.location.search).toBe('?tab=messages');
    expect(await rowOf(confirmation.subject!)).toBeInTheDocument();
  });

  it('a link with &status=failed opens the filtered list', async () => {
    const { api } = renderMessages({ query: '&status=failed' });
    expect(await rowOf(failedReminder.subject!)).toBeInTheDocument();
    expect(api.callsTo('GET', '/agents/messages').map(statusOf)).toEqual(['failed']);
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(confirmation.subject!)).not.toBeInTheDocument();
  });

  it('a filter with nothing in it says so and offers to show all', async () => {
    const { router } = renderMessages({ list: [confirmation], query: '&status=failed' });
    expect(await screen.findByText('No failed messages')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all messages' }));
    expect(router.state.location.search).toBe('?tab=messages');
    expect(await rowOf(confirmation.subject!)).toBeInTheDocument();
  });
});

describe('send again', () => {
  it('"Send again" POSTs the retry; the message turns to Retrying and a toast confirms', async () => {
    const { api } = renderMessages();
    const row = await rowOf(failedReminder.subject!);
    await userEvent.click(within(row).getByRole('button', { name: /^Send again/ }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/agents/messages/m-failed/retry')).toHaveLength(1));
    expect(await screen.findByText('The message is on its way again.')).toBeInTheDocument();
    const updated = await rowOf(failedReminder.subject!);
    await vi.waitFor(() =>
      expect(within(updated).getByText('Retrying', { exact: true })).toBeInTheDocument(),
    );
    expect(within(updated).queryByRole('button', { name: /^Send again/ })).not.toBeInTheDocument();
  });

  it("a refused retry (409) shows the server's error text", async () => {
    renderMessages(
      {},
      {
        'POST /agents/messages/m-failed/retry': () =>
          json(409, { error: 'The booking of this message no longer exists.', code: 'BOOKING_GONE' }),
      },
    );
    const row = await rowOf(failedReminder.subject!);
    await userEvent.click(within(row).getByRole('button', { name: /^Send again/ }));
    expect(await screen.findByText('The booking of this message no longer exists.')).toBeInTheDocument();
  });
});

describe('message dialog', () => {
  const detail: SentMessageDetail = {
    ...confirmation,
    content: {
      from: 'Dana Scully via Keyturn <no-reply@keyturn.test>',
      to: 'Jane Buyer <jane@example.com>',
      reply_to: 'dana@example.com',
      subject: confirmation.subject,
      text: 'Hi Jane Buyer, your showing at 88 Riverside Drive is confirmed.',
      html: '<html><body><h1>Your showing is confirmed</h1><p>Hi Jane Buyer</p></body></html>',
      attachments: [{ filename: 'invite.ics', content_type: 'text/calendar; method=REQUEST' }],
    },
  };

  it('View shows From/To/Reply-To/Subject, the HTML body in a sandboxed frame, the text and the attachments', async () => {
    const { api } = renderMessages(
      {},
      { 'GET /agents/messages/m-confirm': () => json(200, { success: true, data: detail }) },
    );
    const row = await rowOf(confirmation.subject!);
    await userEvent.click(within(row).getByRole('button', { name: /^View/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking made — to the buyer' });
    expect(await within(dialog).findByText(confirmation.subject!)).toBeInTheDocument();
    expect(within(dialog).getByText('Dana Scully via Keyturn <no-reply@keyturn.test>')).toBeInTheDocument();
    expect(within(dialog).getByText('Jane Buyer <jane@example.com>')).toBeInTheDocument();
    expect(within(dialog).getByText('Reply-To').nextElementSibling).toHaveTextContent('dana@example.com');

    const frame = within(dialog).getByTitle(`E-mail body: ${confirmation.subject!}`);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Your showing is confirmed</h1>');
    expect(within(dialog).getByText('Plain-text version')).toBeInTheDocument();
    expect(within(dialog).getByText(/your showing at 88 Riverside Drive is confirmed/)).toBeInTheDocument();

    const attachments = within(dialog).getByRole('region', { name: 'Attachments' });
    expect(attachments).toHaveTextContent('invite.ics');
    expect(attachments).toHaveTextContent('Calendar invitation');
    expect(within(dialog).getByRole('button', { name: /^Download/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/agents/messages/m-confirm')).toHaveLength(1);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^View/ })).toHaveFocus();
  });

  it('Download fetches the raw file with the bearer token and saves it under its file name', async () => {
    const { api } = renderMessages(
      {},
      {
        'GET /agents/messages/m-confirm': () => json(200, { success: true, data: detail }),
        'GET /agents/messages/m-confirm/raw': () =>
          new Response('From: Dana\r\n\r\nHi', { headers: { 'Content-Type': 'message/rfc822' } }),
      },
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost/eml');
    // Writable, as the platform's are: a later test file in the same worker may assign its own stubs.
    Object.defineProperty(URL, 'createObjectURL', {
      value: createObjectURL,
      configurable: true,
      writable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    const saved: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ download: this.download, href: this.href });
    });

    await userEvent.click(within(await rowOf(confirmation.subject!)).getByRole('button', { name: /^View/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: /^Download/ }));

    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ download: confirmation.file_name, href: 'blob:http://localhost/eml' });
    const raw = api.callsTo('GET', '/agents/messages/m-confirm/raw');
    expect(raw).toHaveLength(1);
    expect(raw[0]!.headers.get('authorization')).toBe('Bearer token-123');
    await expect(createObjectURL.mock.calls[0]![0].text()).resolves.toBe('From: Dana\r\n\r\nHi');
  });

  it('a message delivered through SMTP explains that delivered mail is not kept, and offers no download', async () => {
    renderMessages(
      {
        list: [
          {
            ...failedReminder,
            id: 'm-smtp',
            status: 'sent',
            last_error: null,
            sent_at: failedReminder.updated_at,
          },
        ],
      },
      {
        'GET /agents/messages/m-smtp': () =>
          json(200, {
            success: true,
            data: { ...failedReminder, id: 'm-smtp', status: 'sent', last_error: null, content: null },
          }),
      },
    );
    await userEvent.click(
      within(await rowOf(failedReminder.subject!)).getByRole('button', { name: /^View/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reminder — to the buyer' });
    expect(await within(dialog).findByText(/Delivered e-mail is not kept/)).toBeInTheDocument();
    expect(within(dialog).getByText(failedReminder.subject!)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
  });

  it('a text message shows its text (no frame, no e-mail headers)', async () => {
    const text = message({
      id: 'm-text',
      kind: 'reminder.buyer.sms',
      recipient: '+15550100199',
      transport: 'sms-file',
      sent_at: '2030-06-12T18:30:00.000Z',
      file_name: 'reminder.buyer.sms-777.txt',
    });
    renderMessages(
      { list: [text] },
      {
        'GET /agents/messages/m-text': () =>
          json(200, {
            success: true,
            data: {
              ...text,
              content: {
                from: null,
                to: '+15550100199',
                reply_to: null,
                subject: null,
                text: 'Reminder: your showing at 88 Riverside Drive is tomorrow at 3:00 PM. Reply STOP to opt out.',
                html: null,
                attachments: [],
              },
            },
          }),
      },
    );
    expect(await screen.findByRole('note')).toHaveTextContent('These texts were not delivered.');
    await userEvent.click(within(await rowOf('+15550100199')).getByRole('button', { name: /^View/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reminder — to the buyer' });
    const body = await within(dialog).findByRole('region', { name: 'Text message' });
    expect(body).toHaveTextContent('Reply STOP to opt out.');
    expect(within(dialog).queryByTitle(/E-mail body/)).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Subject')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Download/ })).toBeInTheDocument();
  });
});
