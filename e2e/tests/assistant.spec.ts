// Issue 17: a buyer books through the booking assistant at 390 px (keyboard only in the chat), and the agent
// reads the conversation in the booking's details.
import { expect, test } from '@playwright/test';
import { agentBookingPath } from '@keyturn/domain/links';
import { api, CONSENT_DECIDED, newAgent, nextWeekday, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test.use({ storageState: CONSENT_DECIDED, viewport: { width: 390, height: 844 } });

test('a buyer books through the assistant; the agent sees the conversation on the booking', async ({
  page,
}) => {
  const agent = await newAgent('Assist');
  const [row] = await query<{ id: number }>(
    `insert into properties (agent_id, address, city, state, zip_code, price, bedrooms, bathrooms, property_type)
     values ($1, '12 Maple Street', 'Austin', 'TX', '78701', 450000, 3, 2, 'Residential') returning id`,
    [agent.id],
  );
  expect(row).toBeTruthy();
  const date = nextWeekday(2);
  const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    timeZone: 'UTC',
  });

  await page.goto(agentBookingPath(agent.id, agent.username));
  const open = page.getByRole('button', { name: 'Book with the assistant' });
  await open.click();
  const chat = page.getByRole('dialog', { name: 'Booking assistant' });
  const input = chat.getByLabel('Your message');
  await expect(input).toBeFocused();
  const log = chat.getByRole('log');
  await expect(log).toContainText('booking assistant');

  const say = async (text: string) => {
    await input.fill(text);
    await input.press('Enter');
    await expect(log).toContainText(text);
  };
  await say(`can I see the 3-bed on Maple ${weekday} morning?`);
  await expect(log).toContainText('12 Maple Street, Austin');
  const times = chat.getByRole('list', { name: 'Times offered' }).getByRole('button');
  await expect(times).toHaveCount(3);
  await times.first().click();
  await expect(log).toContainText('What is your full name?');
  await say('Casey Buyer');
  await say('casey.assist@example.com');
  await say('+1 312 555 0142');
  await say('first-time buyer');
  await expect(log).toContainText('Please check: Property Viewing at 12 Maple Street, Austin');
  await say('yes');
  await expect(log).toContainText("You're booked");
  await expect(chat.getByRole('link', { name: 'Manage your booking' })).toBeVisible();
  // Escape closes the chat and gives focus back to its button.
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(open).toBeFocused();

  const [booking] = await query<{ id: string; client_email: string }>(
    'select id, client_email from bookings where agent_id = $1',
    [agent.id],
  );
  expect(booking?.client_email).toBe('casey.assist@example.com');

  await signIn(page, agent);
  await page.goto(`/dashboard/bookings?booking=${booking!.id}`);
  const details = page.getByRole('dialog', { name: 'Booking details' });
  const conversation = details.getByRole('region', { name: 'Booked through the assistant' });
  await expect(conversation).toContainText(`can I see the 3-bed on Maple ${weekday} morning?`);
  await expect(conversation).toContainText("You're booked");

  // Switched off in settings: the booking page shows no button.
  const off = await api('PUT', '/agents/assistant-settings', { enabled: false }, agent.token);
  expect(off.status).toBe(200);
  await page.goto(agentBookingPath(agent.id, agent.username));
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book with the assistant' })).toHaveCount(0);
});
