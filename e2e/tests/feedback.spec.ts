// Issue 6 in the browser: the buyer opens the feedback page from the real link of the feedback request the
// server sent (file mode: no SMTP_URL, so the message is stored in DATA_DIR/mail and listed for the agent),
// meets the validation, sends the answers, sees the thank-you state; the agent's API lists the feedback.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';
import { CONSENT_STORAGE_KEY } from '@keyturn/domain/constants';
import { FEEDBACK_MESSAGES } from '@keyturn/domain/schemas/feedback';
import { api, BASE_URL, newAgent, nextWeekday, query } from '../support/server.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'rejected'), CONSENT_STORAGE_KEY);
});

/** Picks a radio the way a person does: by clicking its visible label (the input itself is visually hidden). */
async function choose(radio: Locator) {
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

type SentMessage = { id: string; kind: string; status: string; file_name: string | null };

/** The text/plain part of an e-mail as written by the server (quoted-printable or base64). */
function plainTextOf(eml: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(eml)?.[1];
  const parts = boundary ? eml.split(`--${boundary}`) : [eml];
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? eml;
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

test('the feedback page from a real feedback link: validation, submit, thank-you, and the agent sees it', async ({
  page,
}) => {
  const agent = await newAgent('Morgan');
  const email = `feedback.${Date.now()}@example.com`;
  const booked = await api<{ booking: { id: string } }>('POST', '/booking', {
    property_id: null,
    agent_id: agent.id,
    client_name: 'Riley Buyer',
    client_email: email,
    client_phone: '+1 312 555 0177',
    buyer_type: 'first_time_buyer',
    budget_min: null,
    budget_max: null,
    income_range: null,
    booking_purpose: 'property_valuation',
    custom_purpose: null,
    booking_date: nextWeekday(2),
    booking_time: '10:00',
    message: null,
  });
  expect(booked.status).toBe(201);
  const bookingId = booked.json.booking.id;

  // Time passes: the showing took place this morning, and its feedback request (an hour after it ended) is due.
  await query(
    `update bookings set starts_at = now() - interval '3 hours', ends_at = now() - interval '150 minutes'
     where id = $1`,
    [bookingId],
  );
  const moved = await query<{ id: string }>(
    `update pgboss.job set start_after = now() where name = 'notifications' and state = 'created'
     and data->>'bookingId' = $1 and data->>'event' = 'feedback_request' returning id`,
    [bookingId],
  );
  expect(moved).toHaveLength(1);

  // The server's workers send it; in file mode the agent's "Sent messages" lists it with its .eml.
  let request: SentMessage | undefined;
  await expect
    .poll(
      async () => {
        const list = await api<{ data: SentMessage[] }>(
          'GET',
          `/agents/messages?booking_id=${bookingId}`,
          undefined,
          agent.token,
        );
        request = list.json.data.find((m) => m.kind === 'feedback_request.buyer.email');
        return request?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('sent');
  expect(request?.file_name).toMatch(/^feedback_request\.buyer\.email-[0-9a-f]+\.eml$/);
  const raw = await fetch(`${BASE_URL}/api/agents/messages/${request!.id}/raw`, {
    headers: { authorization: `Bearer ${agent.token}` },
  });
  expect(raw.status).toBe(200);
  const eml = await raw.text();
  expect(eml).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}`, 'm'));
  const link = /(http:\/\/[^\s]+\/feedback\/[A-Za-z0-9_-]+)/.exec(plainTextOf(eml))?.[1];
  expect(link, 'the feedback link in the e-mail').toBeTruthy();
  expect(link!.startsWith(BASE_URL)).toBe(true);
  expect(link).not.toContain(bookingId);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'How was your visit?' })).toBeVisible();
  await expect(page.getByText(/property valuation/i)).toBeVisible();

  // Validation: nothing answered.
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText(FEEDBACK_MESSAGES.ratingRequired)).toBeVisible();
  await expect(page.getByText(FEEDBACK_MESSAGES.interestRequired)).toBeVisible();
  await expect(page.getByText(FEEDBACK_MESSAGES.priceRequired)).toBeVisible();
  await expect(page.getByText(FEEDBACK_MESSAGES.secondShowingRequired)).toBeVisible();
  const rating = page.getByRole('group', { name: 'How would you rate the property?' });
  await expect(rating).toHaveAttribute('aria-invalid', 'true');

  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // The rating: a click on "3", then the arrow key moves it, as in any radio group.
  await choose(rating.getByRole('radio', { name: '3 Good' }));
  await page.keyboard.press('ArrowRight');
  await expect(rating.getByRole('radio', { name: '4 Very good' })).toBeChecked();
  await expect(page.getByText(FEEDBACK_MESSAGES.ratingRequired)).toHaveCount(0);
  await choose(page.getByRole('radio', { name: 'Somewhat interested' }));
  await choose(page.getByRole('radio', { name: 'Too high' }));
  await choose(page.getByRole('radio', { name: 'Yes, I would like to see it again' }));
  await page.getByLabel('What did you like? (optional)').fill('Big windows');
  await page.getByLabel('What did you not like? (optional)').fill('The commute');
  await page
    .getByLabel('Anything else you would like to tell your agent? (optional)')
    .fill('Evenings suit me.');
  await page.getByRole('button', { name: 'Send feedback' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();

  const list = await api<{ data: Record<string, unknown>[] }>('GET', '/feedback', undefined, agent.token);
  expect(list.status).toBe(200);
  expect(list.json.data).toHaveLength(1);
  expect(list.json.data[0]).toMatchObject({
    booking_id: bookingId,
    source: 'buyer',
    rating: 4,
    interest_level: 'somewhat_interested',
    price_opinion: 'too_high',
    liked: 'Big windows',
    disliked: 'The commute',
    second_showing: true,
    comments: 'Evenings suit me.',
  });

  // A second submit from the same link updates the one stored answer.
  await page.reload();
  await expect(page.getByText(/You already sent feedback/)).toBeVisible();
  await expect(page.getByRole('radio', { name: '4 Very good' })).toBeChecked();
  await choose(page.getByRole('radio', { name: '5 Excellent' }));
  await page.getByRole('button', { name: 'Update my feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  const again = await api<{ data: Record<string, unknown>[] }>('GET', '/feedback', undefined, agent.token);
  expect(again.json.data).toHaveLength(1);
  expect(again.json.data[0]).toMatchObject({ rating: 5, liked: 'Big windows' });
});
