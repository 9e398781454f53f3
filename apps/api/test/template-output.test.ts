// Issue 42: moving the modules into layers must not change one byte of what a buyer, an agent or an account
// holder receives. Every e-mail and text template the notifications render (each buyer and agent e-mail, each
// text to the buyer and to the buyer's agent, in the states that change their words), the shared branded layout
// every other mail is made with (sellers', teams', proposals', tours', digests', access releases') and the account
// e-mails are rendered with fixed data on a fixed clock and compared with the committed file
// test/__snapshots__/template-output.txt. A deliberate wording change rewrites it with `npx vitest run -u
// test/template-output.test.ts` and shows the diff in review.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { agents, bookings, properties } from '../src/db/schema';
import { EMAIL_TEMPLATES, SMS_TEMPLATES } from '../src/modules/core/notifications/catalogue';
import { bookingLinks } from '../src/modules/core/mail/links';
import { brandedEmail, type RenderedEmail } from '../src/modules/core/mail/layout';
import {
  renderAgentEmail,
  renderBuyerEmail,
  renderSms,
  type TemplateContext,
} from '../src/modules/notifications/templates';
import { renderAccountMail } from '../src/modules/auth/account-mail';

const NOW = new Date('2030-01-01T12:00:00Z');

const booking = {
  id: '11111111-1111-4111-8111-111111111111',
  agentId: 'a',
  propertyId: 7,
  clientName: 'Casey <Jones>',
  clientEmail: 'casey@example.com',
  clientPhone: '+1 646 555 0199',
  buyerType: 'investor',
  budgetMin: 300000,
  budgetMax: 450000,
  incomeRange: null,
  bookingPurpose: 'property_viewing',
  customPurpose: null,
  status: 'confirmed',
  startsAt: new Date('2030-01-08T15:00:00Z'),
  endsAt: new Date('2030-01-08T15:30:00Z'),
  message: 'Is there parking? <b>bold</b>',
  manageToken: 'tok_en-1',
  publicId: 'pub_id-1',
  rescheduledFromId: null,
  rescheduleReason: 'Running late',
  cancelReason: 'Found another place',
  createdAt: NOW,
  updatedAt: NOW,
} as typeof bookings.$inferSelect;
const previous = {
  ...booking,
  id: '22222222-2222-4222-8222-222222222222',
  startsAt: new Date('2030-01-07T18:00:00Z'),
  endsAt: new Date('2030-01-07T18:30:00Z'),
  status: 'rescheduled',
} as typeof bookings.$inferSelect;
const agent = {
  id: 'a',
  userId: 'u',
  username: 'dana',
  firstName: 'Dana',
  lastName: 'Scully',
  email: 'dana@example.com',
  phone: '+1 555 010 0100',
  companyName: 'Scully & "Partners"',
  logoUrl: '/uploads/logo.png',
  profilePictureUrl: null,
  primaryColor: '#0F766E',
  timeZone: 'America/New_York',
  plan: 'pro',
  createdAt: NOW,
  updatedAt: NOW,
} as typeof agents.$inferSelect;
const previousAgent = {
  ...agent,
  id: 'b',
  username: 'fox',
  firstName: 'Fox',
  lastName: 'Mulder',
  email: 'fox@example.com',
} as typeof agents.$inferSelect;
const property = {
  id: 7,
  publicId: '5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b',
  agentId: 'a',
  address: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
} as typeof properties.$inferSelect;
const base: TemplateContext = {
  booking,
  agent,
  property,
  previous,
  previousAgent,
  offsetMinutes: 60,
  publicUrl: 'https://app.example.com',
  now: NOW,
};

/** The states that change a template's words. */
const VARIANTS: Record<string, TemplateContext> = {
  plain: base,
  'no property, no previous': { ...base, property: null, previous: null, previousAgent: null },
  'pending, awaiting the seller': {
    ...base,
    booking: { ...booking, status: 'pending' },
    awaitingSeller: true,
  },
  'declined by the seller': { ...base, declinedBy: 'seller', declinedBySeller: true },
  'a day ahead': { ...base, offsetMinutes: 24 * 60 },
};

function printEmail(mail: RenderedEmail): string {
  const attachments = mail.attachments.map(
    (a) => `--- attachment ${JSON.stringify({ ...a, content: undefined })}\n${String(a.content)}`,
  );
  return [`subject: ${mail.subject}`, '--- text', mail.text, '--- html', mail.html, ...attachments].join(
    '\n',
  );
}

function section(title: string, body: string): string {
  return `===== ${title}\n${body}\n`;
}

describe('template output', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('renders every template, the branded layout and the account e-mails exactly as committed', async () => {
    const out: string[] = [];
    for (const [variant, ctx] of Object.entries(VARIANTS)) {
      for (const template of EMAIL_TEMPLATES.buyer) {
        out.push(
          section(`buyer e-mail ${template} (${variant})`, printEmail(renderBuyerEmail(template, ctx))),
        );
      }
      for (const template of EMAIL_TEMPLATES.agent) {
        out.push(
          section(`agent e-mail ${template} (${variant})`, printEmail(renderAgentEmail(template, ctx))),
        );
      }
      for (const template of SMS_TEMPLATES) {
        for (const role of ['buyer', 'buyer_agent'] as const) {
          out.push(
            section(
              `text ${template} to ${role} (${variant})`,
              renderSms(template, { ...ctx, textTo: { role } }),
            ),
          );
        }
      }
    }
    out.push(section('booking links', JSON.stringify(bookingLinks(base), null, 2)));
    out.push(
      section(
        'branded layout, every part',
        printEmail(
          brandedEmail(
            { agent, publicUrl: base.publicUrl },
            {
              subject: 'A subject with <angle> & "quotes"',
              heading: 'A heading',
              paragraphs: ['First paragraph <i>typed</i>.', 'Second paragraph.'],
              details: [
                ['When', 'Tuesday, January 8, 2030 at 10:00 AM'],
                ['Where', '12 Main St, Springfield'],
              ],
              notes: ['A note.'],
              action: { label: 'Open', url: 'https://app.example.com/x?a=1&b=2' },
              footer: 'A footer',
            },
          ),
        ),
      ),
    );
    out.push(
      section(
        'branded layout, the least',
        printEmail(
          brandedEmail(
            { agent: { ...agent, logoUrl: null, companyName: null }, publicUrl: base.publicUrl },
            {
              subject: 'S',
              heading: 'H',
              paragraphs: [],
              details: [],
              notes: [],
              action: { label: 'Go', url: 'https://app.example.com/' },
              links: [{ label: 'Another', url: 'https://app.example.com/other' }],
            },
          ),
        ),
      ),
    );
    for (const kind of ['verify', 'change', 'reset'] as const) {
      const mail = renderAccountMail(
        { kind, to: 'casey@example.com', name: 'Casey', url: `https://app.example.com/${kind}?token=t` },
        base.publicUrl,
      );
      out.push(section(`account e-mail ${kind}`, printEmail(mail)));
    }
    await expect(out.join('\n')).toMatchFileSnapshot('./__snapshots__/template-output.txt');
  });
});
