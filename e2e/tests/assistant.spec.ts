// Issue 17: a buyer books through the booking assistant at 390 px (keyboard only in the chat), and the agent
// reads the conversation in the booking's details.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { agentBookingPath } from '@keyturn/domain/links';
import { api, CONSENT_DECIDED, DEMO, newAgent, nextWeekday, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test.use({ storageState: CONSENT_DECIDED, viewport: { width: 390, height: 844 } });

/** Picks the first time offered, gives the details in English, checks the summary and says "yes". */
async function bookFirstTime(
  chat: { times: Locator; log: Locator; say: (text: string) => Promise<void> },
  email: string,
  address: string,
) {
  const { times, log, say } = chat;
  await times.first().click();
  await expect(log).toContainText('What is your full name?');
  await say('Casey Buyer');
  await say(email);
  await say('+1 312 555 0142');
  await say('first-time buyer');
  await expect(log).toContainText(`Please check: Property Viewing at ${address}`);
  await say('yes');
  await expect(log).toContainText("You're booked");
}

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
  await bookFirstTime({ times, log, say }, 'casey.assist@example.com', '12 Maple Street, Austin');
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

// Issue 31: the conversation keeps state, reads times as people say them, speaks Spanish and says when it did
// not understand — at 390 px, against the real server (whose clock is the real one: "today" is the agent's today).
test.describe('issue 31: a booking assistant buyers can trust', () => {
  async function agentWithTwoHomes(name: string) {
    const agent = await newAgent(name);
    await query(
      `insert into properties (agent_id, address, city, state, zip_code, price, bedrooms, bathrooms, property_type)
       values ($1, '12 Harbor View Rd', 'Austin', 'TX', '78701', 450000, 3, 2, 'Residential'),
              ($1, '77 Elm Street', 'Austin', 'TX', '78702', 300000, 2, 1, 'Condo')`,
      [agent.id],
    );
    return agent;
  }

  async function openChat(page: Page, agent: { id: string; username: string }) {
    await page.goto(agentBookingPath(agent.id, agent.username));
    await page.getByRole('button', { name: 'Book with the assistant' }).click();
    const chat = page.getByRole('dialog', { name: 'Booking assistant' });
    const input = chat.getByLabel('Your message');
    const log = chat.getByRole('log');
    await expect(log).toContainText('booking assistant');
    const say = async (text: string) => {
      await input.fill(text);
      await input.press('Enter');
      await expect(log).toContainText(text);
    };
    const times = chat.getByRole('list', { name: 'Times offered' }).getByRole('button');
    return { chat, log, say, times };
  }

  const weekdayOf = (date: string, locale = 'en-US') =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, { weekday: 'long', timeZone: 'UTC' });

  test('a time first and the home second, ending in a booking', async ({ page }) => {
    const agent = await agentWithTwoHomes('Statefirst');
    const weekday = weekdayOf(nextWeekday(2));
    const { log, say, times } = await openChat(page, agent);
    await say(`${weekday.toLowerCase()} morning`);
    // It says what it already has and asks only for the home.
    await expect(log).toContainText('morning — which home: 1.');
    await expect(log).toContainText('77 Elm Street, Austin');
    await expect(log).toContainText('12 Harbor View Rd, Austin');
    await say('the elm one');
    await expect(log).toContainText('77 Elm Street, Austin');
    await expect(times.first()).toContainText(weekday);
    await bookFirstTime({ times, log, say }, 'casey.state@example.com', '77 Elm Street, Austin');
  });

  test('"<today\'s weekday> around 2" on that very day: next week\'s, said so, times near 2 PM', async ({
    page,
  }) => {
    const agent = await agentWithTwoHomes('Aroundtwo');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO.timeZone }).format(new Date());
    const weekday = weekdayOf(today);
    const { log, say, times } = await openChat(page, agent);
    await say(`the condo on Elm, ${weekday} around 2`);
    await expect(log).toContainText(
      `Today is ${weekday} and there is no time left today, so I looked at next ${weekday}`,
    );
    const day = new Date(`${today}T12:00:00Z`).getUTCDay();
    if (day >= 1 && day <= 5) {
      // Mon–Fri 9–17 by default: next week's same day, 1:30, 2:00 and 2:30 PM, in time order.
      await expect(times).toHaveText([/1:30 PM/, /2:00 PM/, /2:30 PM/]);
      for (const t of await times.all()) await expect(t).toContainText(weekday);
    }
  });

  test('a Spanish request is answered in Spanish and ends in a booking', async ({ page }) => {
    const agent = await agentWithTwoHomes('Espanol');
    const date = nextWeekday(2);
    const dia = weekdayOf(date, 'es-ES');
    const { log, say, times } = await openChat(page, agent);
    await say(`Hola, quiero ver el piso de la calle Elm el ${dia} por la mañana`);
    await expect(log).toContainText('Puedo ofrecerle');
    await expect(times.first()).toContainText(`${dia}, `);
    await times.first().click();
    await expect(log).toContainText('¿Cuál es su nombre completo?');
    await say('Lucía Gómez');
    await expect(log).toContainText('¿A qué correo electrónico');
    await say('lucia.es@example.com');
    await say('+1 312 555 0143');
    await say('primera vivienda');
    await expect(log).toContainText('¿Lo reservo?');
    await say('sí');
    await expect(log).toContainText('Reservado');
  });

  test('nonsense is answered honestly, and after two misses the form is offered', async ({ page }) => {
    const agent = await agentWithTwoHomes('Nonsense');
    const { chat, log, say } = await openChat(page, agent);
    await say('purple monkey dishwasher');
    await expect(log).toContainText("Sorry, I didn't catch that. You could write, for example,");
    await expect(log).not.toContainText('which home:');
    await expect(log).not.toContainText('I found more than one home');
    await say('blorp');
    await expect(log).toContainText('the booking form below is filled with what you told me');
    await expect(chat.getByRole('link', { name: 'Open the booking form' })).toBeVisible();
    await say('Ich möchte die Wohnung besichtigen');
    await expect(log).toContainText('I can only chat in English and Spanish');
  });
});
