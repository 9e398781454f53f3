// Issue 45: the showing's conversation panel — the messages with who wrote them and when (in the showing's zone,
// labelled), a labelled composer that sends and refuses an empty message without a call, the quick statuses
// (posted with their one tap, as ≥ 24 px targets) only where the reader may post them.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { THREAD_TEXTS as T, type Thread } from '@keyturn/domain/listing/threads';
import { OFFLINE_TEXTS } from '@keyturn/domain/offlineTexts';
import { ApiError } from '@/lib/api';
import { json, renderAt, stubApi } from '@/test/utils';
import { ThreadPanel } from './thread-panel';
import { accountThread, manageThread, sellerThread } from './sources';

const thread = (overrides: Partial<Thread> = {}): Thread => ({
  booking_id: 'b-1',
  time_zone: 'America/New_York',
  viewer_role: 'agent',
  can_write: true,
  can_post_status: true,
  messages: [
    {
      id: 'm-1',
      author_role: 'buyer',
      author_name: 'Casey Buyer',
      kind: 'message',
      status_code: null,
      body: 'Can we bring our inspector?',
      via: 'text',
      created_at: '2031-03-08T19:05:00.000Z',
    },
  ],
  ...overrides,
});

const user = () => userEvent.setup({ delay: null });

describe('ThreadPanel', () => {
  it('a message written with no network is kept by the dashboard and shown waiting; other failures are shown (issue 47)', async () => {
    stubApi({
      'GET /bookings/b-1/thread': () => json(200, { success: true, data: thread() }),
      'POST /bookings/b-1/thread': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const kept: string[] = [];
    renderAt(
      <ThreadPanel
        source={accountThread('booking', 'b-1')}
        keepOffline={async (body, error) => {
          if (!(error instanceof ApiError) || error.status !== 0) return false;
          kept.push(body);
          return true;
        }}
      />,
    );
    const box = await screen.findByLabelText(T.panel.label);
    await user().type(box, 'Running late, 10 minutes');
    await user().click(screen.getByRole('button', { name: T.panel.send }));
    const waiting = await screen.findByRole('list', { name: OFFLINE_TEXTS.pendingName });
    expect(waiting).toHaveTextContent('Running late, 10 minutes');
    expect(waiting).toHaveTextContent(OFFLINE_TEXTS.pending);
    expect(kept).toEqual(['Running late, 10 minutes']);
    expect(box).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("without the dashboard's queue (the buyer's and seller's pages) a lost network is an error", async () => {
    stubApi({
      'GET /booking/manage/thread': () =>
        json(200, { success: true, data: thread({ viewer_role: 'buyer' }) }),
      'POST /booking/manage/thread': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderAt(<ThreadPanel source={manageThread('tok')} />);
    await user().type(await screen.findByLabelText(T.panel.label), 'Hello');
    await user().click(screen.getByRole('button', { name: T.panel.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.panel.sendError);
    expect(screen.queryByRole('list', { name: OFFLINE_TEXTS.pendingName })).not.toBeInTheDocument();
  });

  it('lists the messages with author, role and the time in the showing’s zone, labelled', async () => {
    stubApi({ 'GET /bookings/b-1/thread': () => json(200, { success: true, data: thread() }) });
    renderAt(<ThreadPanel source={accountThread('booking', 'b-1')} />);
    const list = await screen.findByRole('list', { name: T.panel.title });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Casey Buyer');
    expect(item).toHaveTextContent(T.roles.buyer);
    expect(item).toHaveTextContent('Mar 8, 2:05 PM EST');
    expect(item).toHaveTextContent(T.via.text);
    expect(item).toHaveTextContent('Can we bring our inspector?');
    expect(screen.getByText(T.panel.timesIn('Eastern Standard Time'), { exact: false })).toBeInTheDocument();
  });

  it('sends a message from the labelled textarea and shows the answer; an empty one is refused without a call', async () => {
    const sent = thread({
      messages: [
        ...thread().messages,
        {
          id: 'm-2',
          author_role: 'agent',
          author_name: 'Dana Scully',
          kind: 'message',
          status_code: null,
          body: 'Of course.',
          via: 'web',
          created_at: '2031-03-08T19:06:00.000Z',
        },
      ],
    });
    const api = stubApi({
      'GET /bookings/b-1/thread': () => json(200, { success: true, data: thread() }),
      'POST /bookings/b-1/thread': () => json(201, { success: true, data: sent }),
    });
    renderAt(<ThreadPanel source={accountThread('booking', 'b-1')} />);
    const u = user();
    const box = await screen.findByLabelText(T.panel.label);
    await u.click(screen.getByRole('button', { name: T.panel.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.errors.empty);
    expect(api.callsTo('POST', '/bookings/b-1/thread')).toHaveLength(0);
    await u.type(box, '  Of course.  ');
    await u.click(screen.getByRole('button', { name: T.panel.send }));
    expect(await screen.findByText('Of course.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/bookings/b-1/thread')[0]!.body).toEqual({ body: 'Of course.' });
    expect(box).toHaveValue('');
  });

  it('posts a quick status in one tap from the manage page (token in the body)', async () => {
    const api = stubApi({
      'GET /booking/manage/thread': () =>
        json(200, { success: true, data: thread({ viewer_role: 'buyer' }) }),
      'POST /booking/manage/thread/status': () =>
        json(201, { success: true, data: thread({ viewer_role: 'buyer' }) }),
    });
    renderAt(<ThreadPanel source={manageThread('tok-1')} />);
    const group = await screen.findByRole('group', { name: T.panel.quick });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(Object.values(T.statuses));
    for (const b of buttons) expect(b.className).toContain('min-h-6');
    await user().click(within(group).getByRole('button', { name: 'Running 10 minutes late' }));
    await waitFor(() => expect(api.callsTo('POST', '/booking/manage/thread/status')).toHaveLength(1));
    expect(api.callsTo('POST', '/booking/manage/thread/status')[0]!.body).toEqual({
      token: 'tok-1',
      status: 'late_10',
    });
  });

  it('offers no quick statuses to a seller, and says when the conversation cannot be loaded', async () => {
    stubApi({
      'GET /seller/s-tok/showings/b-1/thread': () =>
        json(200, {
          success: true,
          data: thread({ viewer_role: 'seller', can_post_status: false, messages: [] }),
        }),
      'GET /seller/s-tok/showings/b-2/thread': () =>
        json(404, { error: 'Conversation not found.', code: 'NOT_FOUND' }),
    });
    renderAt(
      <>
        <ThreadPanel source={sellerThread('s-tok', 'b-1')} title="First" />
        <ThreadPanel source={sellerThread('s-tok', 'b-2')} title="Second" />
      </>,
    );
    expect(await screen.findByText(T.panel.empty)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: T.panel.quick })).not.toBeInTheDocument();
    expect(await screen.findByText(T.panel.loadError)).toBeInTheDocument();
  });
});
