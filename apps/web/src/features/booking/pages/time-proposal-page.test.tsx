import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TIME_PROPOSAL_MESSAGES as TEXT } from '@keyturn/domain/routes/proposals';
import type { PublicProposal } from '@keyturn/domain/schemas/timeProposals';
import { json, renderAt, stubApi } from '@/test/utils';
import { managed } from '../test-fixtures';
import { TimeProposalPage } from './time-proposal-page';

// Requested 2:00 PM in New York (19:00Z), proposed 3:30 PM (20:30Z).
const proposal = (overrides: Partial<PublicProposal> = {}): PublicProposal => ({
  status: 'proposed',
  from_starts_at: '2031-03-04T19:00:00.000Z',
  starts_at: '2031-03-04T20:30:00.000Z',
  ends_at: '2031-03-04T21:00:00.000Z',
  time_zone: 'America/New_York',
  booking: managed({ status: 'pending' }),
  manage_token: 'mt-1',
  proposed_by: 'agent',
  ...overrides,
});

const render = () =>
  renderAt(<TimeProposalPage />, { path: '/booking/proposal?token=pt-1', routePath: '/booking/proposal' });

describe('the time proposal page (/booking/proposal, issue 29)', () => {
  it("a seller's proposal reads as the seller's, not the agent planning the day (issue 39 §7)", async () => {
    stubApi({
      'GET /booking/proposal': () => json(200, { success: true, data: proposal({ proposed_by: 'seller' }) }),
    });
    render();
    expect(await screen.findByText(TEXT.introSeller)).toBeInTheDocument();
    expect(screen.queryByText(/planning the day/)).toBeNull();
  });

  it("shows both times in the property's zone, named, in the agent's brand; accepting moves it and says so", async () => {
    const api = stubApi({
      'GET /booking/proposal': () => json(200, { success: true, data: proposal() }),
      'POST /booking/proposal/accept': () =>
        json(200, {
          success: true,
          data: proposal({
            status: 'accepted',
            booking: managed({ id: 'b-101', status: 'pending', starts_at: '2031-03-04T20:30:00.000Z' }),
            manage_token: 'mt-2',
          }),
        }),
    });
    render();
    expect(await screen.findByRole('button', { name: TEXT.accept })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: TEXT.pageTitle })).toBeInTheDocument();
    const facts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(facts).toEqual(
      expect.arrayContaining([
        '12 Main St, Springfield, IL',
        'Tuesday, March 4, 2031, 2:00 PM Eastern Time (New York)',
        'Tuesday, March 4, 2031, 3:30 PM Eastern Time (New York)',
        'Dana Scully, Scully Homes',
      ]),
    );
    // The agent's brand: their name and colour (the --kt-primary the buttons use).
    expect(screen.getByText('Scully Homes', { selector: 'span' })).toBeInTheDocument();
    expect(document.querySelector('[style*="--kt-primary"]')?.getAttribute('style')).toContain('#0F766E');
    expect(screen.getByRole('link', { name: TEXT.pickAnother })).toHaveAttribute(
      'href',
      '/booking/reschedule?token=mt-1',
    );
    // Keyboard: Tab reaches Accept first, Enter answers.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: TEXT.accept })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(TEXT.accepted);
    expect(api.callsTo('POST', '/booking/proposal/accept')[0]!.body).toEqual({ token: 'pt-1' });
    expect(screen.queryByRole('button', { name: TEXT.accept })).toBeNull();
    expect(screen.getByRole('link', { name: 'See your booking' })).toHaveAttribute(
      'href',
      '/booking/manage?token=mt-2',
    );
  });

  it('a refusal (the time was taken since) says what happened and shows the booking as it now is; keep my time', async () => {
    let reads = 0;
    const api = stubApi({
      'GET /booking/proposal': () => {
        reads += 1;
        return json(200, { success: true, data: proposal() });
      },
      'POST /booking/proposal/accept': () =>
        json(409, { error: TEXT.takenError, code: 'PROPOSAL_TIME_TAKEN' }),
      'POST /booking/proposal/keep': () => json(200, { success: true, data: proposal({ status: 'kept' }) }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: TEXT.accept }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.takenError);
    expect(reads).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: TEXT.keep }));
    expect(await screen.findByRole('status')).toHaveTextContent(TEXT.kept);
    expect(api.callsTo('POST', '/booking/proposal/keep')).toHaveLength(1);
  });

  it('a proposal whose booking changed since says so and offers no answer', async () => {
    stubApi({
      'GET /booking/proposal': () =>
        json(200, {
          success: true,
          data: proposal({ status: 'changed', booking: managed({ status: 'confirmed' }) }),
        }),
    });
    render();
    expect(await screen.findByText(TEXT.changed)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: TEXT.accept })).toBeNull();
    expect(screen.queryByRole('button', { name: TEXT.keep })).toBeNull();
  });

  it('an unknown link says it is not valid', async () => {
    stubApi({
      'GET /booking/proposal': () => json(404, { error: TEXT.notFound, code: 'PROPOSAL_NOT_FOUND' }),
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.notFound);
  });
});
