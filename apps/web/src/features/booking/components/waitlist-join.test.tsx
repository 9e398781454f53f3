// Issue 44 "Waitlist": the booking page's form that puts a buyer on a property's waiting list for a date —
// checked with the domain's schema before it is sent, the server's field messages under the fields, the joined
// sentence with the buyer's place, and the texts box only when the agent texts buyers.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DAY_PART_LABELS, WAITLIST_TEXTS } from '@keyturn/domain/slots/waitlist';
import { json, renderAt, stubApi } from '@/test/utils';
import type { Routes } from '../test-fixtures';
import { WaitlistJoin } from './waitlist-join';

const AGENT_ID = 'agent-1';
const DATE = '2031-03-04';
const DATE_LABEL = 'Tuesday, March 4, 2031';
const TEXT = WAITLIST_TEXTS.join;

function renderJoin(routes: Routes = {}, onCancel = vi.fn()) {
  const api = stubApi({
    [`GET /booking/texts/${AGENT_ID}`]: () => json(200, { success: true, data: { offered: false } }),
    ...routes,
  });
  renderAt(<WaitlistJoin agentId={AGENT_ID} propertyId={42} date={DATE} onCancel={onCancel} />);
  return { api, user: userEvent.setup({ delay: null }), onCancel };
}

async function fillBuyer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'Fox Mulder');
  await user.type(screen.getByLabelText('Email'), 'fox@example.com');
  await user.type(screen.getByLabelText('Phone'), '+1 555 010 0199');
  await user.selectOptions(screen.getByLabelText('Buyer type'), 'investor');
}

describe('WaitlistJoin', () => {
  it('takes the focus to its heading, sends the part of the day and the consent, and says the place in line', async () => {
    const { api, user } = renderJoin({
      'POST /booking/waitlist': () =>
        json(201, {
          success: true,
          data: { token: 'wt-1', date: DATE, part: 'afternoon', place: 3, already: false },
        }),
    });
    expect(screen.getByRole('heading', { name: TEXT.heading(DATE_LABEL) })).toHaveFocus();
    expect(screen.getByRole('radio', { name: DAY_PART_LABELS.any })).toBeChecked();
    await fillBuyer(user);
    await user.click(screen.getByRole('radio', { name: DAY_PART_LABELS.afternoon }));
    await user.click(screen.getByRole('checkbox', { name: TEXT.consent }));
    await user.click(screen.getByRole('button', { name: TEXT.submit }));

    const joined = await screen.findByRole('status');
    expect(joined).toHaveTextContent(TEXT.joined(DATE_LABEL, DAY_PART_LABELS.afternoon, 3));
    expect(joined).toHaveTextContent(TEXT.joinedNext);
    expect(joined).not.toHaveTextContent(TEXT.alreadyJoined);
    expect(joined).toHaveFocus();
    const [post] = api.callsTo('POST', '/booking/waitlist');
    expect(post?.body).toMatchObject({
      agent_id: AGENT_ID,
      property_id: 42,
      date: DATE,
      part: 'afternoon',
      client_name: 'Fox Mulder',
      client_email: 'fox@example.com',
      buyer_type: 'investor',
      contact_consent: true,
      sms_consent: false,
    });
    // The agent does not text buyers here: no texts box.
    expect(screen.queryByRole('checkbox', { name: TEXT.texts })).toBeNull();
  });

  it('asks for the consent before anything is sent', async () => {
    const { api, user } = renderJoin();
    await fillBuyer(user);
    await user.click(screen.getByRole('button', { name: TEXT.submit }));
    const consent = screen.getByRole('checkbox', { name: TEXT.consent });
    expect(await screen.findByText(TEXT.consentRequired)).toBeInTheDocument();
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription(TEXT.consentRequired);
    expect(api.callsTo('POST', '/booking/waitlist')).toHaveLength(0);
  });

  it("puts the server's field messages under the fields; a full list says so", async () => {
    let answer = json(400, {
      error: 'Please check the highlighted fields',
      code: 'VALIDATION_ERROR',
      fields: { client_email: 'This e-mail address cannot receive mail' },
    });
    const { user } = renderJoin({ 'POST /booking/waitlist': () => answer });
    await fillBuyer(user);
    await user.click(screen.getByRole('checkbox', { name: TEXT.consent }));
    await user.click(screen.getByRole('button', { name: TEXT.submit }));
    expect(await screen.findByText('This e-mail address cannot receive mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();

    answer = json(409, { error: TEXT.full, code: 'WAITLIST_FULL' });
    await user.click(screen.getByRole('button', { name: TEXT.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT.full);
    expect(screen.getByRole('alert')).toHaveFocus();
  });

  it('offers the texts box when the agent texts buyers, and says when the buyer was already in line', async () => {
    const { api, user } = renderJoin({
      [`GET /booking/texts/${AGENT_ID}`]: () => json(200, { success: true, data: { offered: true } }),
      'POST /booking/waitlist': () =>
        json(201, {
          success: true,
          data: { token: 'wt-1', date: DATE, part: 'any', place: 1, already: true },
        }),
    });
    await fillBuyer(user);
    await user.click(screen.getByRole('checkbox', { name: TEXT.consent }));
    const texts = await screen.findByRole('checkbox', { name: TEXT.texts });
    expect(texts).not.toBeChecked();
    await user.click(texts);
    await user.click(screen.getByRole('button', { name: TEXT.submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(TEXT.alreadyJoined);
    expect(api.callsTo('POST', '/booking/waitlist')[0]?.body).toMatchObject({
      part: 'any',
      sms_consent: true,
    });
  });

  it('Cancel hands back to the page', async () => {
    const { user, onCancel } = renderJoin();
    await user.click(screen.getByRole('button', { name: TEXT.cancel }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
