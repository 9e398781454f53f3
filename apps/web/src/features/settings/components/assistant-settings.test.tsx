// Settings → Availability, issue 17: the assistant's switch and what was learned, with correction and reset.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_UI } from '@keyturn/domain/assistant/texts';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { AssistantSettingsSection, LearnedPreferencesSection } from './assistant-settings';

const learned = {
  success: true,
  data: {
    summary: [
      'You prefer afternoons (2–5 pm).',
      'At most 4 showings a day.',
      'You show in Oak Park on Tuesdays.',
      'You show in Elmwood on Thursdays.',
    ],
    events: 40,
    periods: null,
    max_per_day: null,
    areas: null,
    learned_areas: [
      { weekday: 2, area: 'Oak Park' },
      { weekday: 4, area: 'Elmwood' },
    ],
    suggest_on_booking_page: true,
    reset_at: null,
  },
};

function renderSections() {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/assistant-settings': () =>
      json(200, { success: true, data: { enabled: true }, isDefault: true, acknowledged: false }),
    'PUT /agents/assistant-settings': (call) =>
      json(200, { success: true, data: call.body, isDefault: false, acknowledged: true }),
    'GET /agents/scheduling-preferences': () => json(200, learned),
    'PUT /agents/scheduling-preferences': (call) =>
      json(200, {
        success: true,
        data: {
          ...learned.data,
          ...(call.body as object),
          summary: ['You prefer mornings (before noon) (your setting).'],
        },
      }),
    'POST /agents/scheduling-preferences/reset': () =>
      json(200, {
        success: true,
        data: { ...learned.data, events: 0, summary: ['Not enough history yet.'] },
      }),
  });
  renderAt(
    <>
      <AssistantSettingsSection />
      <LearnedPreferencesSection />
    </>,
    { path: '/dashboard/settings', routePath: '/dashboard/settings' },
  );
  return api;
}

describe('assistant settings', () => {
  it('switches the assistant off with a PUT', async () => {
    const api = renderSections();
    const toggle = await screen.findByRole('switch', { name: ASSISTANT_UI.settingsToggle });
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(api.callsTo('PUT', '/agents/assistant-settings')[0]?.body).toEqual({ enabled: false }),
    );
  });

  it('shows what was learned in plain words; the agent corrects it or resets it', async () => {
    const api = renderSections();
    expect(await screen.findByText('You prefer afternoons (2–5 pm).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Mornings (before noon)' }));
    await userEvent.type(screen.getByLabelText(ASSISTANT_UI.correctMax), '3');
    await userEvent.click(screen.getByRole('button', { name: ASSISTANT_UI.saveCorrection }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/agents/scheduling-preferences')[0]?.body).toEqual({
        periods: ['morning'],
        max_per_day: 3,
        areas: null,
      }),
    );
    expect(await screen.findByText('You prefer mornings (before noon) (your setting).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: ASSISTANT_UI.reset }));
    expect(await screen.findByText('Not enough history yet.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/agents/scheduling-preferences/reset')).toHaveLength(1);
  });

  it('the agent unticks a learned area (sent as the areas kept) and switches the "Suggested" marks off', async () => {
    const api = renderSections();
    expect(await screen.findByText('You show in Oak Park on Tuesdays.')).toBeInTheDocument();
    const elmwood = screen.getByRole('checkbox', { name: 'Elmwood on Thursdays' });
    expect(elmwood).toBeChecked();
    await userEvent.click(elmwood);
    await userEvent.click(screen.getByRole('button', { name: ASSISTANT_UI.saveCorrection }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/agents/scheduling-preferences')[0]?.body).toEqual({
        periods: null,
        max_per_day: null,
        areas: [{ weekday: 2, area: 'Oak Park' }],
      }),
    );
    const marks = screen.getByRole('switch', { name: ASSISTANT_UI.suggestToggle });
    expect(marks).toBeChecked();
    await userEvent.click(marks);
    await waitFor(() =>
      expect(api.callsTo('PUT', '/agents/scheduling-preferences')[1]?.body).toMatchObject({
        suggest_on_booking_page: false,
      }),
    );
  });
});
