import { describe, expect, it } from 'vitest';
import type { agents, bookings, properties } from '../../db/schema';
import { fileStemFor, idempotencyKey, mailDomainOf, messageIdFor } from '../core/mail/keys';
import { inHowLong, previewHtml, textOn, whenInZone } from '../core/mail/format';
import { classifyReply } from '@keyturn/domain/texts/replies';
import { toE164 } from '../core/mail/phone';
import { renderAgentEmail, renderBuyerEmail, renderSms, type TemplateContext } from './templates';

const booking = {
  id: '11111111-1111-4111-8111-111111111111',
  agentId: 'a',
  propertyId: 7,
  clientName: '<script>alert(1)</script> Casey',
  clientEmail: 'casey@example.com',
  clientPhone: '+1 646 555 0199',
  buyerType: 'investor',
  budgetMin: null,
  budgetMax: null,
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
  rescheduleReason: null,
  cancelReason: null,
  createdAt: new Date(),
  updatedAt: new Date(),
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
  createdAt: new Date(),
  updatedAt: new Date(),
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
const ctx: TemplateContext = {
  booking,
  agent,
  property,
  previous: null,
  offsetMinutes: 60,
  publicUrl: 'https://app.example.com',
  now: new Date('2030-01-01T00:00:00Z'),
};

describe('templates', () => {
  it("escapes everything a buyer or an agent typed in the HTML, and brands it with the agent's logo and colour", () => {
    const mail = renderAgentEmail('new_booking', ctx);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Casey');
    expect(mail.html).toContain('Is there parking? &lt;b&gt;bold&lt;/b&gt;');
    expect(mail.html).toContain('Scully &amp; &quot;Partners&quot;');
    expect(mail.html).toContain('src="https://app.example.com/uploads/logo.png"');
    expect(mail.html).toContain('#0F766E');
    expect(mail.text).toContain('<script>alert(1)</script> Casey');
  });

  it('previewHtml: the logo loads from the host the dashboard is opened on; links keep PUBLIC_URL (issue 19)', () => {
    const mail = renderBuyerEmail('confirmation', ctx);
    expect(mail.html).toContain('src="https://app.example.com/uploads/logo.png"');
    expect(mail.html).toMatch(/href="https:\/\/app\.example\.com\//);
    const preview = previewHtml(mail.html, 'https://app.example.com');
    expect(preview).toContain('src="/uploads/logo.png"');
    expect(preview).not.toContain('src="https://app.example.com');
    // Links are what the recipient got.
    expect(preview).toMatch(/href="https:\/\/app\.example\.com\//);
    // Images from elsewhere, and a PUBLIC_URL with a path or a trailing slash, by its origin.
    expect(previewHtml('<img src="https://cdn.example.net/a.png">', 'https://app.example.com')).toBe(
      '<img src="https://cdn.example.net/a.png">',
    );
    expect(
      previewHtml(
        '<img src="https://app.example.com/keyturn/uploads/a.png">',
        'https://app.example.com/keyturn/',
      ),
    ).toBe('<img src="/keyturn/uploads/a.png">');
  });

  it('with a cut-off (issue 44) the e-mails offering the manage link say until when it works, then whom to call', () => {
    const withCutoff = { ...ctx, changeCutoffHours: 24 };
    const line = (text: string) => text.split('\n').find((l) => l.includes('online until')) ?? null;
    for (const template of ['confirmation', 'approved', 'request_received', 'reminder'] as const) {
      expect(line(renderBuyerEmail(template, withCutoff).text)).toBe(
        'You can reschedule or cancel online until Monday, January 7, 2030 at 10:00 AM EST (24 hours before ' +
          'the showing); after that, call or text Dana Scully.',
      );
    }
    // No cut-off: no line and the usual button, as before.
    expect(line(renderBuyerEmail('confirmation', ctx).text)).toBeNull();
    expect(renderBuyerEmail('confirmation', withCutoff).text).toContain('Reschedule or cancel');
    // A reminder after the cut-off: no online change offered, the agent named.
    const passed = { ...withCutoff, now: new Date('2030-01-07T15:00:00Z') };
    const late = renderBuyerEmail('reminder', passed).text;
    expect(line(late)).toBeNull();
    expect(late).toContain(
      'It can no longer be rescheduled or cancelled online; to change it, call or text Dana Scully.',
    );
    expect(late).not.toContain('Reschedule or cancel');
    expect(late).toContain('View your booking');
    // Texts: before the cut-off N still cancels; after it, the text offers Y only and names the agent.
    expect(renderSms('reminder', withCutoff)).toMatch(/Reply Y to confirm or N to cancel this showing; STOP/);
    for (const template of ['reminder', 'reconfirm'] as const) {
      const text = renderSms(template, passed);
      expect(text).not.toContain('N to cancel');
      expect(text).toMatch(/Reply Y to confirm; to change it, call or text Dana Scully; STOP to stop texts$/);
    }
  });

  it('names a booking without a property by its purpose: a private showing is not called a consultation', () => {
    const without = (bookingPurpose: string) => ({
      ...ctx,
      property: null,
      booking: { ...booking, propertyId: null, bookingPurpose },
    });
    expect(renderBuyerEmail('confirmation', without('private_showing')).subject).toMatch(
      /^Confirmed: private showing with Dana Scully on /,
    );
    expect(renderBuyerEmail('confirmation', without('open_house')).subject).toMatch(
      /^Confirmed: open house with /,
    );
    expect(renderBuyerEmail('confirmation', without('property_valuation')).subject).toMatch(
      /^Confirmed: consultation with Dana Scully on /,
    );
    expect(renderBuyerEmail('confirmation', ctx).subject).toMatch(/^Confirmed: 12 Main St on /);
  });

  it('a purpose typed under Other reads as a quoted appointment in every sentence, never lower-cased into it (issue 29)', () => {
    const typed = {
      ...ctx,
      property: null,
      booking: {
        ...booking,
        propertyId: null,
        bookingPurpose: 'custom',
        customPurpose: 'Selling my condo first',
        cancelReason: null,
      },
    };
    const phrase = 'appointment (“Selling my condo first”)';
    expect(renderBuyerEmail('confirmation', typed).text).toContain(
      `Your ${phrase} with Dana Scully is booked.`,
    );
    expect(renderBuyerEmail('request_received', typed).text).toContain(
      `Dana Scully will confirm your ${phrase} shortly.`,
    );
    expect(renderBuyerEmail('reminder', typed).text).toContain(
      `A reminder of your ${phrase} with Dana Scully.`,
    );
    expect(renderAgentEmail('new_booking', typed).text).toContain(`booked an ${phrase} with you.`);
    expect(renderAgentEmail('approval_needed', typed).text).toContain(`asked for an ${phrase}.`);
    expect(renderAgentEmail('cancelled', typed).text).toContain(`cancelled their ${phrase} on `);
    for (const t of ['confirmation', 'request_received', 'reminder', 'cancelled', 'rescheduled'] as const) {
      expect(renderBuyerEmail(t, typed).text).not.toContain('selling my condo first');
    }
    // A listed purpose keeps its plain words and the right article.
    const openHouse = { ...ctx, booking: { ...booking, bookingPurpose: 'open_house' } };
    expect(renderAgentEmail('new_booking', openHouse).text).toContain('booked an open house with you.');
  });

  it('keeps buyer text in subjects on one clean line: no CR/LF or control characters, bounded length', () => {
    const sneaky = {
      ...ctx,
      booking: {
        ...booking,
        clientName: 'Eve\r\nBcc: victim@example.com\u0000\u0007\u2028x'.padEnd(400, 'y'),
      },
    };
    for (const template of ['new_booking', 'cancelled'] as const) {
      const { subject } = renderAgentEmail(template, sneaky);
      expect(subject).toContain('Eve Bcc: victim@example.com x');
      // eslint-disable-next-line no-control-regex
      expect(subject).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      expect(subject.length).toBeLessThanOrEqual(200);
    }
  });

  it("states times in the agent's zone with its abbreviation, and links with the buyer's tokens", () => {
    const mail = renderBuyerEmail('reminder', ctx);
    expect(mail.subject).toBe('Reminder: 12 Main St in 1 hour — Tue, Jan 8 at 10:00 AM');
    expect(mail.text).toContain('Tuesday, January 8, 2030, 10:00 AM EST (30 minutes)');
    expect(mail.text).toContain('https://app.example.com/booking/manage?token=tok_en-1');
    expect(renderBuyerEmail('feedback_request', ctx).text).toContain(
      'https://app.example.com/feedback/pub_id-1',
    );
    // The property's link names its unguessable public id, not the sequential one (issue 11).
    expect(renderBuyerEmail('declined', ctx).text).toContain(
      'https://app.example.com/dana/12-main-st/5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b/book',
    );
  });

  it("calendar files follow the booking's status: a pending request is TENTATIVE, a confirmed one CONFIRMED", () => {
    const icsOf = (mail: ReturnType<typeof renderBuyerEmail>) =>
      mail.attachments.map((file) => String(file.content)).join('\n');
    const request = renderBuyerEmail('request_received', {
      ...ctx,
      booking: { ...booking, status: 'pending' },
    });
    expect(request.subject).not.toMatch(/confirmed/i);
    expect(icsOf(request)).not.toContain('STATUS:CONFIRMED');
    const movedRequest = renderBuyerEmail('rescheduled', {
      ...ctx,
      booking: { ...booking, status: 'pending' },
    });
    expect(icsOf(movedRequest)).toContain('STATUS:TENTATIVE');
    expect(icsOf(movedRequest)).not.toContain('STATUS:CONFIRMED');
    expect(icsOf(renderBuyerEmail('confirmation', ctx))).toContain('STATUS:CONFIRMED');
  });

  it('texts are short, name the agent and say how to opt out', () => {
    const text = renderSms('confirmation', ctx);
    expect(text).toMatch(
      /^Scully & "Partners": Your viewing of 12 Main St is confirmed for Tue, Jan 8 at 10:00 AM EST\./,
    );
    expect(text).toContain('Reply STOP to opt out.');
    expect(text.length).toBeLessThan(320);
  });

  it('reminders and the second text end with the reply line; the feedback ask names the street (issue 33)', () => {
    const reply = 'Reply Y to confirm or N to cancel this showing; STOP to stop texts';
    expect(renderSms('reminder', ctx).endsWith(reply)).toBe(true);
    const second = renderSms('reconfirm', { ...ctx, offsetMinutes: 360 });
    expect(second).toMatch(
      /Are you still coming to your viewing of 12 Main St at Tue, Jan 8 at 10:00 AM EST\?/,
    );
    expect(second.endsWith(reply)).toBe(true);
    expect(renderSms('feedback_ask', ctx)).toBe(
      `Scully & "Partners": How was 12 Main St? Reply 1–5 (5 = loved it). Tell us more: https://app.example.com/feedback/${booking.publicId}`,
    );
    const alert = renderAgentEmail('unconfirmed', ctx);
    expect(alert.subject).toMatch(/^Not confirmed: /);
    expect(alert.text).toContain(
      'Casey has not confirmed their property viewing on Tuesday, January 8, 2030 at',
    );
  });
});

describe('message identity', () => {
  it('the key is (booking, kind, scheduled time); Message-ID and file name follow from it', () => {
    const at = new Date('2030-01-07T15:00:00Z');
    const key = idempotencyKey('b1', 'reminder.buyer.email', at);
    expect(key).toBe('booking:b1/kind:reminder.buyer.email/at:2030-01-07T15:00:00.000Z');
    expect(messageIdFor(key, 'keyturn.app')).toBe(messageIdFor(key, 'keyturn.app'));
    expect(messageIdFor(key, 'keyturn.app')).toMatch(/^<kt\.[0-9a-f]{40}@keyturn\.app>$/);
    expect(
      messageIdFor(idempotencyKey('b1', 'reminder.buyer.email', new Date(at.getTime() + 1)), 'x'),
    ).not.toBe(messageIdFor(key, 'x'));
    expect(fileStemFor(key, 'reminder.buyer.email')).toMatch(/^reminder\.buyer\.email-[0-9a-f]{20}$/);
    expect(mailDomainOf('Keyturn <no-reply@mail.example.com>')).toBe('mail.example.com');
    expect(mailDomainOf('bare@example.org')).toBe('example.org');
  });

  it('phone numbers become E.164; STOP words are recognised however written', () => {
    expect(toE164('(646) 555-0199', 'US')).toBe('+16465550199');
    expect(toE164('+44 20 7946 0958', 'US')).toBe('+442079460958');
    expect(toE164('12345', 'US')).toBeNull();
    // What a reply asks for moved to the domain (issue 33): the same cases, with its actions.
    expect(classifyReply(' stop ').action).toBe('opt_out');
    expect(classifyReply('Unsubscribe.').action).toBe('opt_out');
    expect(classifyReply('START').action).toBe('opt_in');
    expect(classifyReply('Stop by at 5?').action).toBe('other');
  });

  it('button text stays readable on any agent colour', () => {
    expect(textOn('#0F766E')).toBe('#ffffff');
    expect(textOn('#1D4ED8')).toBe('#ffffff');
    // The same WCAG choice as the booking page (components/booking-calendar/contrast.ts): the default blue reads better dark.
    expect(textOn('#3B82F6')).toBe('#0f172a');
    expect(textOn('#FACC15')).toBe('#0f172a');
    expect(textOn('#FFFFFF')).toBe('#0f172a');
  });

  it('formats offsets and zones', () => {
    expect([1440, 60, 90, 2880, 15].map(inHowLong)).toEqual([
      'in 24 hours',
      'in 1 hour',
      'in 1 hour 30 minutes',
      'in 2 days',
      'in 15 minutes',
    ]);
    expect(whenInZone(new Date('2030-07-08T15:00:00Z'), 'America/New_York')).toEqual({
      date: 'Monday, July 8, 2030',
      shortDate: 'Mon, Jul 8',
      time: '11:00 AM',
      zone: 'EDT',
    });
  });
});

describe('a new time of a confirmed showing, declined or withdrawn (issue 39 §9)', () => {
  const original = {
    ...booking,
    id: '22222222-2222-4222-8222-222222222222',
    manageToken: 'orig-tok',
    startsAt: new Date('2030-01-06T15:00:00Z'),
    endsAt: new Date('2030-01-06T15:30:00Z'),
  } as typeof bookings.$inferSelect;
  const request = (status: 'declined' | 'cancelled'): TemplateContext => ({
    ...ctx,
    booking: { ...booking, status, rescheduledFromId: original.id, smsConsentVersion: 'v1' },
    previous: original,
  });

  it('the decline text says the confirmed showing stands, not "choose another time"', () => {
    const text = renderSms('declined', request('declined'));
    expect(text).toContain('The new time requested for your viewing of 12 Main St');
    expect(text).toContain(
      'Your showing stays booked for Sunday, January 6, 2030 at 10:00 AM EST, as before.',
    );
    expect(text).not.toContain('Choose another time');
    expect(text).toMatch(/Reply STOP to opt out\.$/);
  });

  it('the buyer withdrew it: e-mail, text and the agent say the showing stands, with the standing showing’s link', () => {
    const mail = renderBuyerEmail('cancelled', request('cancelled'));
    expect(mail.subject).toBe('New time cancelled: 12 Main St on Tue, Jan 8 at 10:00 AM');
    expect(mail.text).toContain(
      'Your request to move your showing to Tuesday, January 8, 2030 at 10:00 AM EST',
    );
    expect(mail.text).toContain(
      'Your showing stays booked for Sunday, January 6, 2030 at 10:00 AM EST, as before.',
    );
    expect(mail.text).toContain('https://app.example.com/booking/manage?token=orig-tok');
    expect(mail.text).not.toContain('token=tok_en-1');
    expect(mail.attachments ?? []).toHaveLength(0);
    expect(renderSms('cancelled', request('cancelled'))).toContain('stays booked for Sunday, January 6');
    const agentMail = renderAgentEmail('cancelled', request('cancelled'));
    expect(agentMail.text).toContain('cancelled their request to move their showing');
    expect(agentMail.text).toContain('It stays booked for Sunday, January 6, 2030 at 10:00 AM EST.');
  });

  it('a plain cancellation (no confirmed showing kept) reads as before', () => {
    const mail = renderBuyerEmail('cancelled', { ...ctx, booking: { ...booking, status: 'cancelled' } });
    expect(mail.subject).toMatch(/^Cancelled: /);
    const moved = { ...original, status: 'rescheduled' } as typeof bookings.$inferSelect;
    const after = renderBuyerEmail('cancelled', {
      ...request('cancelled'),
      previous: moved,
    });
    expect(after.subject).toMatch(/^Cancelled: /);
  });
});

describe("the buyer's agent's copy of a buyer e-mail (issue 39 walk)", () => {
  it('says under the greeting whose showing it is', () => {
    const mail = renderBuyerEmail('confirmation', {
      ...ctx,
      booking: { ...booking, clientName: 'Robin Realtor' },
      copyForClient: 'Casey Client',
    });
    expect(mail.text).toMatch(
      /Hi Robin,\s+You booked this for your client, Casey Client: "your viewing" below is theirs\./,
    );
    expect(renderBuyerEmail('confirmation', ctx).text).not.toContain('You booked this for your client');
  });
});

describe("the buyer's messages in the booking's language (issue 43)", () => {
  const es = { ...booking, clientName: 'Lucía Buyer', locale: 'es' } as typeof bookings.$inferSelect;
  const esCtx: TemplateContext = { ...ctx, booking: es, changeCutoffHours: 24 };
  const previous = {
    ...es,
    id: '0',
    startsAt: new Date('2030-01-07T15:00:00Z'),
  } as typeof bookings.$inferSelect;
  const buyerTemplates = [
    'confirmation',
    'approved',
    'request_received',
    'declined',
    'rescheduled',
    'reassigned',
    'cancelled',
    'reminder',
    'feedback_request',
  ] as const;
  const ENGLISH = /\b(Hi|Your|your|Please|with|has|is|the|Reschedule|Choose|Book|Share|sent by|at|on)\b/;

  it('every buyer e-mail is Spanish: words, es-US dates, <html lang="es">, links with lang=es', () => {
    for (const template of buyerTemplates) {
      const mail = renderBuyerEmail(template, template === 'rescheduled' ? { ...esCtx, previous } : esCtx);
      expect(mail.text, template).toContain('Hola, Lucía:');
      expect(mail.text, template).toContain('Cuándo  martes, 8 de enero de 2030, 10:00');
      expect(mail.text, template).toContain(
        'Scully & "Partners" · enviado por Keyturn en nombre de Dana Scully',
      );
      expect(mail.text.replace(/https?:\/\/\S+/g, ''), template).not.toMatch(ENGLISH);
      expect(mail.subject, template).not.toMatch(ENGLISH);
      expect(mail.html, template).toContain('<html lang="es">');
      for (const link of mail.text.match(/https:\/\/app\.example\.com\/\S+/g) ?? [])
        expect(link, template).toMatch(/[?&]lang=es$/);
    }
    const confirmation = renderBuyerEmail('confirmation', esCtx);
    expect(confirmation.subject).toMatch(/^Reserva confirmada: 12 Main St, mar, 8 de ene, 10:00\sa\.\s?m\.$/);
    expect(confirmation.text).toContain('Su visita a la propiedad con Dana Scully está reservada.');
    expect(confirmation.text).toMatch(
      /Puede cambiar la fecha u hora o cancelar en línea hasta el lunes, 7 de enero de 2030, 10:00\sa\.\s?m\. EST \(24 horas antes de la visita\); después, llame o envíe un mensaje de texto a Dana Scully\./,
    );
    expect(renderBuyerEmail('reminder', { ...esCtx, offsetMinutes: 90 }).subject).toMatch(
      /^Recordatorio: 12 Main St dentro de 1 hora 30 minutos — /,
    );
  });

  it("the calendar file's title and description are Spanish; its times stay UTC", () => {
    const ics = renderBuyerEmail('confirmation', esCtx).attachments[0]!.content as string;
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Visita a la propiedad: 12 Main St\r\n');
    expect(unfolded).toContain(
      'DESCRIPTION:Visita a la propiedad con Dana Scully. Le rogamos que llegue 5 minutos antes. Gestione su reserva: https://app.example.com/booking/manage?token=tok_en-1&lang=es\r\n',
    );
    expect(unfolded).toContain('DTSTART:20300108T150000Z');
  });

  it('a declined request names who declined, in Spanish; the buyer’s agent’s copy says whose showing it is', () => {
    const seller = renderBuyerEmail('declined', {
      ...esCtx,
      booking: { ...es, status: 'declined', cancelReason: 'Ese día no' } as typeof bookings.$inferSelect,
      declinedBySeller: true,
    });
    expect(seller.text).toContain(
      'El vendedor no puede aceptar su solicitud para el martes, 8 de enero de 2030',
    );
    expect(seller.text).toContain('Motivo del vendedor: “Ese día no”');
    const copy = renderBuyerEmail('confirmation', { ...esCtx, copyForClient: 'Lucía Buyer' });
    expect(copy.text).toContain('Usted hizo esta reserva para su cliente, Lucía Buyer:');
  });

  it('every buyer text is Spanish, ends with the Spanish STOP or reply line, and stays within its length class', () => {
    const en = { ...esCtx, booking: { ...es, locale: 'en' } as typeof bookings.$inferSelect };
    const texts = [
      'confirmation',
      'rescheduled',
      'cancelled',
      'declined',
      'reminder',
      'reconfirm',
      'feedback_ask',
    ] as const;
    for (const template of texts) {
      const spanish = renderSms(template, esCtx);
      const english = renderSms(template, en);
      expect(spanish.startsWith('Scully & "Partners": '), template).toBe(true);
      expect(spanish.replace(/https?:\/\/\S+/g, ''), template).not.toMatch(ENGLISH);
      expect(spanish.length, template).toBeLessThan(english.length * 1.5);
      for (const link of spanish.match(/https:\/\/\S+/g) ?? [])
        expect(link, template).toMatch(/[?&]lang=es$/);
    }
    expect(renderSms('confirmation', esCtx)).toMatch(
      /^Scully & "Partners": Su visita a 12 Main St está confirmada para el mar, 8 de ene, 10:00\sa\.\s?m\. EST\. Llegue 5 min antes\. Gestionar: \S+ Responda STOP para no recibir más mensajes\.$/,
    );
    expect(renderSms('reminder', esCtx)).toMatch(
      /Responda Y para confirmar o N para cancelar; STOP para no recibir más mensajes$/,
    );
    expect(renderSms('confirmation', { ...esCtx, textTo: { role: 'buyer_agent' } })).toContain(
      'La visita de Lucía Buyer a 12 Main St está confirmada',
    );
  });

  it('the listing agent’s e-mail about a Spanish booking stays English', () => {
    const mail = renderAgentEmail('new_booking', esCtx);
    expect(mail.subject).toBe('New booking: Lucía Buyer — Tue, Jan 8 at 10:00 AM');
    expect(mail.text).toMatch(/When +Tuesday, January 8, 2030, 10:00 AM EST \(30 minutes\)/);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain('sent by Keyturn on behalf of Dana Scully');
  });
});
