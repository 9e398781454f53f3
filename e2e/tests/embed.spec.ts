// Embeds (issue 34 §1, decision 057): an agent's own website — here a page on a second origin, 127.0.0.1 on its
// own port, under a strict Content-Security-Policy that admits Keyturn only in script-src and frame-src — pastes
// the loader: an inline widget (a property), a popup opener (the agent) and the floating button. A buyer books
// through the inline frame at 375 px; the host page hears the steps and the booking, with no personal data; no
// cookie is needed; a dashboard page framed on that origin is refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE_URL, DEMO, demoAgent, freeSlot, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';
import { pickDate } from '../support/calendar.ts';

test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.EMBED_SHOTS_DIR;
const BUYER = { name: 'Robin Embedded', email: 'robin.embedded@example.com' };

/** What the host page's own script records: the widget's DOM events, and every message from Keyturn. */
const HOST_SCRIPT = `
window.hostEvents = [];
window.hostMessages = [];
window.hostViolations = [];
for (const type of ['keyturn:step', 'keyturn:booking_created'])
  document.addEventListener(type, (event) => window.hostEvents.push({ type, detail: event.detail }));
window.addEventListener('message', (event) => {
  if (event.origin === ${JSON.stringify(BASE_URL)}) window.hostMessages.push(event.data);
});
document.addEventListener('securitypolicyviolation', (event) =>
  window.hostViolations.push(event.violatedDirective + ' ' + event.blockedURI));
`;

let host: Server;
let hostOrigin = '';

function hostPage(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dana Whitfield Homes</title><script src="/host.js"></script></head>
<body><h1>Dana Whitfield Homes</h1><p>Find your next home in Chicago.</p>${body}</body></html>`;
}

test.beforeAll(async () => {
  const agent = await demoAgent();
  const property = agent.properties[0]!;
  const loader = `<script src="${BASE_URL}/embed.js" async></script>`;
  const pages: Record<string, string> = {
    '/': hostPage(
      `<h2>Tour 12 Elm Street</h2><div id="widget" data-keyturn-property="${property.public_id}"></div>
<p><button type="button" id="open" data-keyturn-open data-keyturn-agent="${agent.id}">Book a consultation</button></p>
${loader}
<script src="${BASE_URL}/embed.js" data-keyturn-button data-keyturn-agent="${agent.id}" data-keyturn-color="#0F766E" async></script>`,
    ),
    '/framed-dashboard': hostPage(
      `<iframe id="dash" title="Dashboard" src="${BASE_URL}/dashboard"></iframe>`,
    ),
  };
  host = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/host.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(HOST_SCRIPT);
      return;
    }
    const html = pages[path];
    if (!html) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // A strict host: nothing inline, Keyturn admitted only as a script and a frame (the README's two lines).
      'content-security-policy': `default-src 'none'; script-src 'self' ${BASE_URL}; frame-src ${BASE_URL}; style-src 'self'`,
    });
    res.end(html);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
});

/**
 * A tap on a control inside the inline frame, sent once the host page has drawn the frame where it now is. The
 * frame is another site, so Chromium runs it in its own process and routes a tap to it by what the compositor last
 * drew. Twice on CI "Confirm Booking" was clicked where Playwright saw the button and nothing followed (no request,
 * nothing on screen); a tap sent in the same moment as the scroll that brought the button into view is the likely
 * cause (not reproduced here). A buyer's finger cannot outrun a paint: the test waits for two of the host's frames.
 */
async function tapInFrame(page: Page, control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await control.click();
}

const hostEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { hostEvents: { type: string; detail: unknown }[] }).hostEvents);

test('a buyer books through the inline widget at 375 px; the host page hears the steps and the booking', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const agent = await demoAgent();
  const { date, time, label } = await freeSlot(agent.id, 5);
  await page.goto(`${hostOrigin}/`);
  const widget = page.locator('#widget iframe');
  await expect(widget).toHaveAttribute('title', 'Book a showing');
  const frame = page.frameLocator('#widget iframe');
  await expect(frame.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();

  // The frame's storage is its own under this site: the consent question is asked inside the frame.
  const consent = frame.getByRole('region', { name: 'Cookie consent' });
  await expect(consent).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/host-375.png`, fullPage: true });
  await consent.getByRole('button', { name: 'Reject All' }).click();
  await expect(consent).toBeHidden();

  // The frame is as tall as its content (the loader's first guess is 640 px) and as wide as the phone.
  const content = page.frames().find((candidate) => candidate.url().includes('/embed/property/'))!;
  await expect
    .poll(async () => {
      const frameHeight = await widget.evaluate((element) => element.getBoundingClientRect().height);
      const pageHeight = await content.evaluate(
        () => document.getElementById('root')!.getBoundingClientRect().height,
      );
      return Math.abs(frameHeight - pageHeight) <= 2 && frameHeight !== 640;
    })
    .toBe(true);
  expect(await content.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await widget.evaluate((element) => element.clientWidth),
  );

  await pickDate(frame, date);
  await tapInFrame(page, frame.getByRole('button', { name: label, exact: true }));
  await tapInFrame(page, frame.getByRole('button', { name: 'Continue to Details' }));
  await frame.getByLabel('Full name').fill(BUYER.name);
  await frame.getByLabel('Email').fill(BUYER.email);
  await frame.getByLabel('Phone').fill('+1 312 555 0142');
  await frame.getByLabel('Buyer type').selectOption('first_time_buyer');
  // What the frame says after the tap, kept for a failure's message: a toast is gone within seconds.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
  });
  await content.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => {
      for (const toast of Array.from(document.querySelectorAll('[role="status"]:not([data-testid] *)')))
        if (toast.textContent && !said.includes(toast.textContent)) said.push(toast.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await tapInFrame(page, frame.getByRole('button', { name: 'Confirm Booking' }));
  await expect(frame.getByRole('heading', { name: 'Booking Confirmed!' }))
    .toBeVisible()
    .catch(async (error: Error) => {
      const said = await content.evaluate(() => (window as unknown as { said: string[] }).said);
      throw new Error(
        `${error.message}\nPOSTs after the tap: ${JSON.stringify(sent)}; the frame said: ${JSON.stringify(said)}`,
      );
    });

  await expect
    .poll(async () => (await hostEvents(page)).map((event) => event.type))
    .toContain('keyturn:booking_created');
  const events = await hostEvents(page);
  expect(events.filter((event) => event.type === 'keyturn:step').map((event) => event.detail)).toEqual([
    { step: 'calendar' },
    { step: 'details' },
    { step: 'confirmation' },
  ]);
  expect(events.filter((event) => event.type === 'keyturn:booking_created')).toEqual([
    { type: 'keyturn:booking_created', detail: {} },
  ]);
  // Nothing personal crossed to the host page, in the events or in any raw message.
  const messages = await page.evaluate(() => (window as unknown as { hostMessages: unknown[] }).hostMessages);
  const heard = JSON.stringify([events, messages]);
  for (const personal of [BUYER.name, BUYER.email, '555 0142', '5550142'])
    expect(heard).not.toContain(personal);
  expect(messages.map((message) => (message as { type: string }).type)).toContain('keyturn:resize');

  const rows = await query<{ status: string; property_id: number; t: string }>(
    `select status, property_id, to_char(starts_at at time zone $2, 'YYYY-MM-DD HH24:MI') as t
       from bookings where client_email = $1`,
    [BUYER.email, 'America/Chicago'],
  );
  expect(rows).toEqual([{ status: 'confirmed', property_id: agent.properties[0]!.id, t: `${date} ${time}` }]);
  // The booking needed no cookie: none was set for Keyturn in this browser.
  expect(await context.cookies(BASE_URL)).toEqual([]);
  // The strict host policy blocked nothing the loader does.
  expect(
    await page.evaluate(() => (window as unknown as { hostViolations: string[] }).hostViolations),
  ).toEqual([]);
});

test('the popup opens the agent’s booking page in a dialog: focus moves in, Esc closes, focus returns', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${hostOrigin}/`);
  const opener = page.getByRole('button', { name: 'Book a consultation' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Book a showing' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  const frame = dialog.frameLocator('iframe');
  await expect(frame.getByRole('heading', { name: 'What would you like to book?' })).toBeVisible();
  const purposeSteps = async () =>
    (await hostEvents(page)).filter(
      (event) => event.type === 'keyturn:step' && (event.detail as { step: string }).step === 'purpose',
    ).length;
  await expect.poll(purposeSteps).toBe(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/popup-375.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Esc pressed inside the frame (where the host's dialog cannot hear it) closes it too.
  await opener.click();
  await expect(dialog).toBeVisible();
  // Once the new frame's bridge has spoken (its first step), it listens for the key too.
  await expect.poll(purposeSteps).toBe(2);
  await frame.getByRole('heading', { name: 'What would you like to book?' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the floating button in the agent’s colour opens the booking page too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${hostOrigin}/`);
  const button = page.getByRole('button', { name: 'Schedule a showing' });
  await expect(button).toBeVisible();
  expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
    'rgb(15, 118, 110)',
  );
  expect(await button.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
  await expect(
    page.frameLocator('#widget iframe').getByRole('heading', { name: 'Select a Date & Time' }),
  ).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/host-1280.png`, fullPage: true });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Book a showing' });
  await expect(
    dialog.frameLocator('iframe').getByRole('heading', { name: 'What would you like to book?' }),
  ).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/popup-1280.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test('a dashboard page framed on the other origin is refused', async ({ page }) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  await page.goto(`${hostOrigin}/framed-dashboard`);
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  expect(refusals[0]).toContain(`${BASE_URL}/`);
  expect(refusals[0]).toContain("frame-ancestors 'none'");
  // Nothing of the app ran in the frame: the browser shows its own error page there.
  const framed = page.frames().find((candidate) => candidate !== page.mainFrame())!;
  expect(framed.url()).not.toContain('/dashboard');
  await expect(page.frameLocator('#dash').locator('#root')).toHaveCount(0);
});

test('Settings → Embed: the agent’s snippets, and a live preview of the embedded page', async ({ page }) => {
  const agent = await demoAgent();
  await signIn(page, DEMO);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/settings?tab=embed');
    await expect(page.getByRole('heading', { name: 'Embed on your website' })).toBeVisible();
    await expect(page.getByText(`<div data-keyturn-agent="${agent.id}"></div>`)).toBeVisible();
    await page.getByRole('button', { name: 'Show preview' }).click();
    const preview = page.frameLocator('iframe[title="Book a showing (preview)"]');
    await expect(preview.getByRole('heading', { name: 'What would you like to book?' })).toBeVisible();
    // Sized by the embedded page's own messages, as the loader sizes it on the agent's site.
    await expect
      .poll(() =>
        page.locator('iframe[title="Book a showing (preview)"]').evaluate((frame) => frame.clientHeight),
      )
      .not.toBe(640);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-embed-${width}.png`, fullPage: true });
  }
});
