// Issue 45: the pages load the conversation on its own — the buyer's manage page shows it from its token.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { THREAD_TEXTS as T } from '@keyturn/domain/listing/threads';
import { json, renderAt, stubApi } from '@/test/utils';
import { LazyThreadPanel } from './lazy-thread-panel';

describe('LazyThreadPanel', () => {
  it('loads the panel and the manage link’s conversation', async () => {
    const api = stubApi({
      'GET /booking/manage/thread': () =>
        json(200, {
          success: true,
          data: {
            booking_id: 'b-1',
            time_zone: 'America/Chicago',
            viewer_role: 'buyer',
            can_write: true,
            can_post_status: true,
            messages: [],
          },
        }),
    });
    renderAt(<LazyThreadPanel where={{ kind: 'manage', token: 'tok 1' }} />);
    expect(await screen.findByText(T.panel.empty)).toBeInTheDocument();
    expect(screen.getByLabelText(T.panel.label)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: T.panel.quick })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: T.search.all })).not.toBeInTheDocument();
    expect(api.calls[0]!.url).toContain('token=tok%201');
  });
});
