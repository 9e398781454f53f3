// "Why this class" (issue 46, decision 090): a keyboard-usable disclosure listing the deciding rule, the
// behaviour signals and the line that income, budget, address and names are never used.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FAIR_HOUSING_TEXTS } from '@keyturn/domain/insights/fairHousing';
import type { LeadSummary } from '@keyturn/domain/schemas/leadResponses';
import { LeadList } from './lead-list';

const lead: LeadSummary = {
  id: 'lead-1',
  name: 'Casey Buyer',
  email: 'casey@example.com',
  phone: '+16465550199',
  outcome: 'open',
  class: 'hot',
  class_rule: { id: 'hot-second-showing', text: 'Hot: wants a second showing and rated 4+' },
  class_why: {
    rule: 'Hot: wants a second showing and rated 4+',
    signals: [
      { id: 'rating', label: 'Latest rating', value: '4/5' },
      { id: 'showed', label: 'Showings attended', value: '2' },
      { id: 'noShows', label: 'No-shows', value: '0' },
      { id: 'sentiment', label: 'Sentiment of their words', value: 'positive' },
    ],
  },
  bookings_count: 2,
  last_activity_at: '2030-06-10T14:00:00.000Z',
};

describe('Why this class', () => {
  it('each lead has a closed disclosure that opens with the keyboard and lists the signals', async () => {
    const opened: string[] = [];
    render(
      <LeadList leads={[lead, { ...lead, id: 'lead-2' }]} timeZone="UTC" onOpen={(id) => opened.push(id)} />,
    );
    const buttons = screen.getAllByRole('button', { name: FAIR_HOUSING_TEXTS.whyTitle });
    expect(buttons).toHaveLength(2);
    const button = buttons[0]!;
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Closed, it adds nothing to the page's text (the rule is not said twice where the lead shows it).
    expect(button).not.toHaveAttribute('aria-controls');
    expect(screen.queryByText(/Decided by/)).toBeNull();

    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    expect(panel).toHaveTextContent('Decided by: Hot: wants a second showing and rated 4+');
    for (const line of [
      'Latest rating: 4/5',
      'Showings attended: 2',
      'No-shows: 0',
      'Sentiment of their words: positive',
    ])
      expect(panel).toHaveTextContent(line);
    expect(panel).toHaveTextContent(FAIR_HOUSING_TEXTS.neverUsed);
    // Opening the disclosure does not open the lead.
    expect(opened).toEqual([]);

    await userEvent.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeInTheDocument();
  });
});
