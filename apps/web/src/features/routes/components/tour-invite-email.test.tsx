import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { json, renderAt, stubApi } from '@/test/utils';
import { TourInviteEmail } from './tour-invite-email';

describe('the tour invitation by e-mail (issue 16)', () => {
  it('"E-mail the invitation" asks the server to send it to the address typed and says where it went', async () => {
    const api = stubApi({
      'POST /tours/t1/invite': (call) =>
        json(202, {
          success: true,
          data: { invitation_sent_to: (call.body as { email: string }).email },
        }),
    });
    renderAt(<TourInviteEmail tourId="t1" sentTo={null} />);
    const button = screen.getByRole('button', { name: ROUTE_MESSAGES.tourInviteButton });
    // Without an address there is nothing to send: the link above is copied instead.
    expect(button).toBeDisabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(ROUTE_MESSAGES.tourInviteEmailLabel), ' ann@buyers.test ');
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      ROUTE_MESSAGES.tourInviteSent('ann@buyers.test'),
    );
    expect(api.callsTo('POST', '/tours/t1/invite')[0]!.body).toEqual({ email: 'ann@buyers.test' });
  });

  it("says when the invitation already went to the lead's address on save, and shows the server's field error", async () => {
    stubApi({
      'POST /tours/t2/invite': () =>
        json(400, {
          error: 'Invalid input',
          code: 'VALIDATION_ERROR',
          fields: { email: 'Enter a valid email address' },
        }),
    });
    renderAt(<TourInviteEmail tourId="t2" sentTo="lead@buyers.test" />);
    expect(screen.getByRole('status')).toHaveTextContent(ROUTE_MESSAGES.tourInviteSent('lead@buyers.test'));
    const field = screen.getByLabelText(ROUTE_MESSAGES.tourInviteEmailLabel);
    expect(field).toHaveValue('lead@buyers.test');
    await userEvent.clear(field);
    await userEvent.type(field, 'nope');
    await userEvent.click(screen.getByRole('button', { name: ROUTE_MESSAGES.tourInviteButton }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});
