import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import { LocationProbe, json, renderRoutes, stubApi } from '@/test/utils';
import type { RecordedCall } from '@/test/utils';
import { THANK_YOU_PATH } from '../content';
import { WaitlistForm } from './waitlist-form';

function renderForm(reply: (call: RecordedCall) => Response) {
  const api = stubApi({ 'POST /waitlist': reply });
  renderRoutes(
    [
      { path: '/waiting-list', element: <WaitlistForm /> },
      { path: '*', element: <LocationProbe /> },
    ],
    '/waiting-list',
  );
  return { api, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, email = 'sam@example.com') {
  await user.type(screen.getByLabelText('Name'), 'Sam Rivera');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Company (optional)'), 'Rivera Homes');
  await user.selectOptions(screen.getByLabelText('What describes you best?'), 'Independent agent');
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waiting-list form (spec §2.5)', () => {
  it('checks the fields with the domain schema before anything is sent', async () => {
    const { api, user } = renderForm(() => json(201, {}));
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Choose the segment that fits you best')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'sam@');
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('POST', '/waitlist')).toHaveLength(0);
  });

  it('sends the sign-up, says so, and moves to the thank-you page after 1 s', async () => {
    const { api, user } = renderForm(() =>
      json(201, { success: true, status: 'joined', message: "You're on the list!" }),
    );
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText("You're on the list!")).toBeInTheDocument();
    expect(api.callsTo('POST', '/waitlist')[0]?.body).toEqual({
      name: 'Sam Rivera',
      email: 'sam@example.com',
      company: 'Rivera Homes',
      segment: 'independent_agent',
    });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(CLIENT_TIMINGS.waitlistRedirectMs));
    expect(screen.getByTestId('location')).toHaveTextContent(THANK_YOU_PATH);
  });

  it('tells an e-mail already on the list so kindly, and stays', async () => {
    const { user } = renderForm(() =>
      json(200, {
        success: true,
        status: 'already_joined',
        message: "You're already on the waiting list with this e-mail.",
      }),
    );
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(
      await screen.findByText("You're already on the waiting list with this e-mail."),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5 * CLIENT_TIMINGS.waitlistRedirectMs));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See what happens next' })).toHaveAttribute(
      'href',
      THANK_YOU_PATH,
    );

    await user.click(screen.getByRole('button', { name: 'Use another e-mail' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('shows the server’s refusal: field messages under their inputs, a rate limit in the alert', async () => {
    let answer = json(400, {
      error: 'Some fields are not valid.',
      code: 'VALIDATION_ERROR',
      fields: { email: 'This e-mail cannot receive messages' },
    });
    const { user } = renderForm(() => answer);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('This e-mail cannot receive messages')).toBeInTheDocument();

    answer = json(429, { error: 'Too many requests. Try again in a minute.', code: 'RATE_LIMITED' });
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in a minute.');
  });
});
