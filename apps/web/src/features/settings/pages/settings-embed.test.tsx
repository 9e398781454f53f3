import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { SettingsPage } from './settings-page';

const PROPERTY = { id: 7, public_id: 'b'.repeat(32), address: '12 Elm Street' };

function renderEmbed() {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () =>
      json(200, { success: true, data: { ...TEST_AGENT_PROFILE, primaryColor: '#0F766E' } }),
    [`GET /properties/public/${TEST_AGENT_PROFILE.id}`]: () =>
      json(200, { success: true, properties: [PROPERTY] }),
  });
  renderAt(<SettingsPage />, { path: '/dashboard/settings?tab=embed', routePath: '/dashboard/settings' });
  return api;
}

describe('Settings → Embed (issue 34)', () => {
  it('shows the three snippets for the agent’s booking page, then for a chosen property, each copyable', async () => {
    const user = userEvent.setup();
    renderEmbed();
    const origin = window.location.origin;
    expect(await screen.findByRole('heading', { name: 'Embed on your website' })).toBeInTheDocument();
    const inline = `<div data-keyturn-agent="${TEST_AGENT_PROFILE.id}"></div>\n<script src="${origin}/embed.js" async></script>`;
    expect(
      screen.getByText((_, element) => element?.tagName === 'CODE' && element.textContent === inline),
    ).toBeInTheDocument();
    expect(screen.getByText(/data-keyturn-button/).textContent).toContain('data-keyturn-color="#0F766E"');

    const select = screen.getByLabelText('What buyers book');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: '12 Elm Street' })).toBeInTheDocument(),
    );
    fireEvent.change(select, { target: { value: PROPERTY.public_id } });
    const codes = screen.getAllByText(
      (_, element) => element?.tagName === 'CODE' && Boolean(element.textContent?.includes('/embed.js')),
    );
    expect(codes).toHaveLength(3);
    for (const code of codes)
      expect(code.textContent).toContain(`data-keyturn-property="${PROPERTY.public_id}"`);

    await user.click(screen.getByRole('button', { name: 'Copy the popup snippet' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(codes[1]!.textContent);
  });

  it('loads the live preview only when asked: the embedded page of the chosen target', async () => {
    renderEmbed();
    const show = await screen.findByRole('button', { name: 'Show preview' });
    expect(screen.queryByTitle('Book a showing (preview)')).not.toBeInTheDocument();
    await userEvent.click(show);
    const frame = screen.getByTitle('Book a showing (preview)');
    expect(frame.getAttribute('src')).toBe(
      `/embed/bookme/${TEST_AGENT_PROFILE.id}?embed_origin=${encodeURIComponent(window.location.origin)}`,
    );
  });
});
