// Decision 034: a server-rendered booking page carries the answers it was rendered with in its HTML; the app
// takes them synchronously, once, so its first render is the page itself (the server's markup), not a loading
// state, and asks the API for nothing it already has.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_ID, agent, renderBooking, weekdays, withBookingClock } from '@/features/booking/test-fixtures';
import { FIRST_PAINT_INLINE_ID, takeInlineAnswer } from './first-paint-data';

withBookingClock();

function inlineAnswers(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_PAINT_INLINE_ID;
  element.textContent = text;
  document.head.appendChild(element);
}

afterEach(() => {
  document.getElementById(FIRST_PAINT_INLINE_ID)?.remove();
});

describe('inline first-screen answers (server-rendered booking page)', () => {
  it('the first render is the booking page from the inline answers, with no request for them', () => {
    inlineAnswers(
      JSON.stringify({
        [`/api/agents/id/${AGENT_ID}`]: { success: true, data: agent },
        [`/api/availability/public/${AGENT_ID}`]: { success: true, availability: weekdays() },
      }),
    );
    const { api } = renderBooking(`/bookme/${AGENT_ID}`);
    // Synchronously after the first render: no loading state, the first step and the agent's panel.
    expect(
      screen.getByText('This will be a 30-minute consultation session with Dana Scully.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What would you like to book?' })).toBeInTheDocument();
    expect(api.calls.filter((call) => /^\/(agents\/id|availability\/public)\//.test(call.path))).toEqual([]);
  });

  it('each answer is taken once: a second take (a refetch, a later visit) asks the API', () => {
    inlineAnswers(JSON.stringify({ '/api/agents/id/x1': { data: { id: 'x1' } } }));
    expect(takeInlineAnswer('/api/agents/id/x1')).toEqual({ data: { id: 'x1' } });
    expect(takeInlineAnswer('/api/agents/id/x1')).toBeUndefined();
    expect(takeInlineAnswer('/api/agents/id/other')).toBeUndefined();
  });

  it('a page without inline answers, or with broken ones, takes nothing', () => {
    expect(takeInlineAnswer('/api/agents/id/x2')).toBeUndefined();
    inlineAnswers('{"/api/agents/id/x2": ');
    expect(takeInlineAnswer('/api/agents/id/x2')).toBeUndefined();
  });
});
