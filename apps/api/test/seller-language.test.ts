// Issue 43: the seller's e-mails and texts in the seller's language. A property contact's language is their own
// (set by the agent on the contact, or learned from the locale their approval page sends with an answer), else the
// agent's default language, else English. Read from the SMTP server and the SMS provider on 127.0.0.1: the
// approval request (e-mail and text) in Spanish with es-US dates and links that open the page in Spanish; the
// agent's default reaching a contact without a language; a seller who approves from a Spanish page getting the
// later notices in Spanish; English contacts as before; a bad language refused with nothing stored.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, propertyContacts, propertyShowingRules, sellerApprovalRequests } from '../src/db/schema';
import { t as message } from '../src/i18n';
import { runSellerDigestJob } from '../src/modules/seller-report/digest';
import { runSellerJob, type SellerMailDeps } from '../src/modules/sellers/approval-mail';
import { linkSignerOf } from '../src/modules/sellers/links';
import { createMailer } from '../src/adapters/mail';
import { databaseOutbox } from '../src/adapters/outbox';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import {
  ALL_DAY,
  DAY,
  HOUR,
  notifyHarness,
  PUBLIC_URL,
  slotBetween,
  type NotifyHarness,
} from './support/notify';

let h: NotifyHarness;
let pro: TestAgent;
let proName: string;
let seq = 0;

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: object) =>
  h.t.request({ method, url, token, payload });
/** Whitespace as one space: Intl's es-US times carry a narrow no-break space, a mail header one space. */
const flat = (s: string | undefined | null) => (s ?? '').replace(/\s+/g, ' ');

/** es-US (or en-US) parts of an instant in the agent's zone, straight from Intl (not the server's helper). */
function parts(at: Date, timeZone: string, intl: string) {
  const f = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(intl, { timeZone, ...o }).format(at);
  return {
    date: f({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    shortDate: f({ weekday: 'short', month: 'short', day: 'numeric' }),
    time: f({ hour: 'numeric', minute: '2-digit', hour12: true }),
  };
}

/** A "seller approves" listing of `agent` with one contact (`contact` overrides), its id and the contact's. */
async function listing(agent: TestAgent, contact: Record<string, unknown>) {
  seq += 1;
  const property = await makeProperty(h.t, agent.id, { address: `${seq} Idioma Lane` });
  await h.t.database.db.insert(propertyShowingRules).values({ propertyId: property, approval: 'seller' });
  const res = await req('POST', `/api/properties/${property}/contacts`, agent.token, {
    name: `Paz Vendedora${seq}`,
    email: `paz${seq}@sellers.test`,
    phone: null,
    role: 'seller',
    gets: { approvals: true, notices: true, feedback: false, weeklyReport: false },
    channel: 'email',
    ...contact,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { property, contactId: res.json().data.id as string, email: `paz${seq}@sellers.test`, res };
}

/** A buyer requests a showing of the listing `days` ahead (on an English page, or in `language`). */
async function requestShowing(agent: TestAgent, property: number, days: number, language = 'en') {
  const now = h.clock.now();
  const slot = slotBetween(
    new Date(now.getTime() + days * DAY + 2 * HOUR),
    new Date(now.getTime() + (days + 1) * DAY),
    agent.timeZone,
  );
  const res = await h.t.request({
    method: 'POST',
    url: '/api/booking',
    headers: { 'accept-language': language },
    payload: bookingPayload(agent.id, {
      property_id: property,
      client_email: `buyer${seq}@buyers.test`,
      client_name: 'Casey Buyer',
      booking_date: slot.booking_date,
      booking_time: slot.booking_time,
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().booking.id as string, startsAt: slot.startsAt };
}

const languageOf = async (contactId: string) =>
  (
    await h.t.database.db
      .select({ language: propertyContacts.language })
      .from(propertyContacts)
      .where(eq(propertyContacts.id, contactId))
  )[0]!.language;

/** The approval request's e-mail (Spanish or English subject) to `to`, once it arrived. */
async function requestMail(to: string) {
  const requests = () =>
    h.smtp.to(to).filter((m) => /^(Solicitud de visita|Showing request)/.test(m.parsed.subject ?? ''));
  await h.smtp.waitFor(() => requests().length >= 1);
  return requests()[0]!;
}

/** A link of the mail's text by its label, and the signed token in it. */
function link(text: string, label: string) {
  const m = new RegExp(`${label}: (${PUBLIC_URL}/seller-approval\\?\\S+)`).exec(text);
  expect(m, `no "${label}" link in:\n${text}`).not.toBeNull();
  const url = new URL(m![1]!);
  return { url, token: url.searchParams.get('token')! };
}

beforeAll(async () => {
  h = await notifyHarness();
  pro = await makeAgent(h.t, { plan: 'pro', availability: ALL_DAY });
  const [row] = await h.t.database.db.select().from(agents).where(eq(agents.id, pro.id));
  proName = `${row!.firstName} ${row!.lastName}`;
});
afterAll(async () => {
  await h?.close();
});

describe('the contact’s language, set by the agent', () => {
  it('stored and returned; changed back to the agent’s default (null); a bad value is a 400 naming the field, nothing stored', async () => {
    const { property, contactId, res } = await listing(pro, { language: 'es' });
    expect(res.json().data.language).toBe('es');
    expect(await languageOf(contactId)).toBe('es');
    const listed = await req('GET', `/api/properties/${property}/contacts`, pro.token);
    expect(listed.json().data[0].language).toBe('es');
    const bad = await req('PATCH', `/api/properties/${property}/contacts/${contactId}`, pro.token, {
      language: 'fr',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { language: expect.any(String) } });
    expect(await languageOf(contactId)).toBe('es');
    const badNew = await req('POST', `/api/properties/${property}/contacts`, pro.token, {
      name: 'Otro',
      email: 'otro@sellers.test',
      role: 'occupant',
      language: 'de',
    });
    expect(badNew.statusCode).toBe(400);
    expect(badNew.json().fields).toHaveProperty('language');
    const cleared = await req('PATCH', `/api/properties/${property}/contacts/${contactId}`, pro.token, {
      language: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.language).toBeNull();
    expect(await languageOf(contactId)).toBeNull();
    // A contact saved without the field has none (the agent's default).
    const plain = await listing(pro, {});
    expect(plain.res.json().data.language).toBeNull();
  });
});

describe('the approval request in the contact’s language', () => {
  it('a Spanish contact: the e-mail (subject, body, es-US date, buttons, footer, links with lang=es) and the text are Spanish', async () => {
    const { property, email } = await listing(pro, {
      language: 'es',
      phone: '+1 646 555 0301',
      channel: 'both',
      sms_consent: true,
    });
    const booked = await requestShowing(pro, property, 2);
    await h.startWorkers();
    const mail = await requestMail(email);
    const es = parts(booked.startsAt, pro.timeZone, 'es-US');
    const subject = flat(mail.parsed.subject);
    expect(subject).toBe(
      flat(`Solicitud de visita a ${seq} Idioma Lane el ${es.shortDate} a las ${es.time}`),
    );
    const text = mail.parsed.text ?? '';
    expect(flat(text)).toContain(
      flat(
        `${proName} tiene una solicitud de visita a ${seq} Idioma Lane: Casey desea verla el ${es.date} a las ${es.time}`,
      ),
    );
    expect(text).toContain(`Hola, Paz:`);
    expect(text).toContain('Una solicitud de visita a su propiedad');
    expect(text).toContain('Horario solicitado');
    expect(text).toContain('Cada enlace funciona una sola vez. No necesita una cuenta.');
    expect(text).toContain('enviado por Keyturn en nombre de');
    for (const label of ['Aprobar', 'Rechazar', 'Proponer otro horario', 'Bloquear horarios'])
      expect(link(text, label).url.searchParams.get('lang')).toBe('es');
    expect(text).not.toMatch(/Showing request|Requested time|Each link works once|Approve:/);
    expect(mail.parsed.html).toContain('<html lang="es">');
    // The text: Spanish, its links opening the page in Spanish.
    const texts = await h.sms.waitFor((m) => m.some((s) => s.to === '+16465550301'));
    const sms = texts.find((s) => s.to === '+16465550301')!;
    const body = flat(sms.body);
    expect(
      body.startsWith(
        flat(`${proName}: solicitud de visita a ${seq} Idioma Lane (${es.shortDate}, ${es.time}). Aprobar: `),
      ),
    ).toBe(true);
    expect(body).toMatch(/ Aprobar: \S+\?token=\S+&lang=es Rechazar: \S+\?token=\S+&lang=es$/);
    expect(body).not.toMatch(/showing request|Approve:|\.\./);
    await h.stopWorkers();
  });

  it('an agent whose default language is Spanish: a contact without a language gets Spanish; one set to English gets English', async () => {
    const es = await makeAgent(h.t, { plan: 'pro', availability: ALL_DAY });
    await h.t.database.db.update(agents).set({ defaultLanguage: 'es' }).where(eq(agents.id, es.id));
    const spanish = await listing(es, {});
    const english = await listing(es, { language: 'en' });
    const first = await requestShowing(es, spanish.property, 3);
    const second = await requestShowing(es, english.property, 4);
    await h.startWorkers();
    const toSpanish = await requestMail(spanish.email);
    expect(flat(toSpanish.parsed.subject)).toMatch(/^Solicitud de visita a /);
    const esParts = parts(first.startsAt, es.timeZone, 'es-US');
    expect(flat(toSpanish.parsed.text)).toContain(flat(`el ${esParts.date} a las ${esParts.time}`));
    expect(link(toSpanish.parsed.text ?? '', 'Aprobar').url.searchParams.get('lang')).toBe('es');
    // The contact's own English beats the agent's Spanish: the e-mail as it always was.
    const toEnglish = await requestMail(english.email);
    const en = parts(second.startsAt, es.timeZone, 'en-US');
    expect(toEnglish.parsed.subject).toBe(
      `Showing request for ${seq} Idioma Lane on ${en.shortDate} at ${en.time}`,
    );
    const text = toEnglish.parsed.text ?? '';
    expect(text).toContain('Hi Paz,');
    expect(text).toContain('Each link works once. You do not need an account.');
    const approve = link(text, 'Approve');
    expect(approve.url.searchParams.has('lang')).toBe(false);
    expect(toEnglish.parsed.html).toContain('<html lang="en">');
    await h.stopWorkers();
  });
});

describe('the language learned from the seller’s page', () => {
  it('a bad locale is a 400 with fields and nothing is stored or answered; approving with locale es makes the later notices Spanish', async () => {
    const { property, contactId, email } = await listing(pro, {});
    const booked = await requestShowing(pro, property, 4);
    await h.startWorkers();
    const first = await requestMail(email);
    // An English contact (agent default English): the request is English, no lang on its links.
    expect(first.parsed.subject).toMatch(/^Showing request for /);
    const { token } = link(first.parsed.text ?? '', 'Approve');
    expect(link(first.parsed.text ?? '', 'Approve').url.searchParams.has('lang')).toBe(false);
    await h.stopWorkers();

    const bad = await req('POST', '/api/seller-approval/approve', undefined, { token, locale: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: expect.any(String),
      code: 'VALIDATION_ERROR',
      fields: { locale: expect.any(String) },
    });
    expect(await languageOf(contactId)).toBeNull();
    const [open] = await h.t.database.db
      .select()
      .from(sellerApprovalRequests)
      .where(eq(sellerApprovalRequests.bookingId, booked.id));
    expect(open!.status).toBe('open');

    const ok = await req('POST', '/api/seller-approval/approve', undefined, { token, locale: 'es' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await languageOf(contactId)).toBe('es');
    // The showing confirmed: the contact ticked for notices hears of it, in Spanish.
    await h.startWorkers();
    const booked2 = () => h.smtp.to(email).filter((m) => /^Visita reservada: /.test(m.parsed.subject ?? ''));
    await h.smtp.waitFor(() => booked2().length === 1);
    const notice = booked2()[0]!;
    const es = parts(booked.startsAt, pro.timeZone, 'es-US');
    expect(flat(notice.parsed.subject)).toBe(
      flat(`Visita reservada: ${seq} Idioma Lane, ${es.shortDate} a las ${es.time}`),
    );
    expect(flat(notice.parsed.text)).toContain(
      flat(`Se ha reservado una visita a ${seq} Idioma Lane para el ${es.date} a las ${es.time}`),
    );
    expect(notice.parsed.text).toContain(message('es', 'sellermail.bookedHeading'));
    expect(notice.parsed.text).toContain('«Visitas reservadas y canceladas»');
    expect(notice.parsed.text).not.toMatch(/Showing booked|Booked and cancelled showings/);
    await h.stopWorkers();
  });

  it('the locale is the link’s contact’s only: another contact of the listing keeps theirs', async () => {
    const { property, contactId, email } = await listing(pro, {});
    const other = await req('POST', `/api/properties/${property}/contacts`, pro.token, {
      name: 'Olly Occupant',
      email: `olly${seq}@sellers.test`,
      role: 'occupant',
      gets: { approvals: true, notices: false, feedback: false, weeklyReport: false },
      language: 'en',
    });
    expect(other.statusCode, other.body).toBe(201);
    await requestShowing(pro, property, 5);
    await h.startWorkers();
    const mail = await requestMail(email);
    await h.stopWorkers();
    const { token } = link(mail.parsed.text ?? '', 'Decline');
    const res = await req('POST', '/api/seller-approval/decline', undefined, {
      token,
      reason: null,
      locale: 'es',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await languageOf(contactId)).toBe('es');
    expect(await languageOf(other.json().data.id)).toBe('en');
  });
});

describe('the weekly report in the contact’s language', () => {
  it('a Spanish contact’s digest: subject, figures’ labels, the report link with lang=es', async () => {
    const { contactId, email } = await listing(pro, {
      language: 'es',
      gets: { approvals: false, notices: false, feedback: false, weeklyReport: true },
    });
    const mailer = createMailer({ smtpUrl: h.smtp.url, outbox: databaseOutbox(h.t.database.db) });
    try {
      const result = await runSellerDigestJob(
        {
          db: h.t.database.db,
          mailer,
          publicUrl: PUBLIC_URL,
          mailFrom: h.t.config.mail.from,
          now: h.clock.now,
        },
        { kind: 'seller.weekly_digest', contactId, weekOf: '2031-01-06' },
        { retryCount: 0, retryLimit: 2 },
      );
      expect(result.sent).toBe(1);
    } finally {
      mailer.close();
    }
    await h.smtp.waitFor(() => h.smtp.to(email).length === 1);
    const digest = h.smtp.to(email)[0]!;
    expect(digest.parsed.subject).toBe(`Su informe semanal de visitas: ${seq} Idioma Lane`);
    const text = digest.parsed.text ?? '';
    expect(text).toContain(`Informe de visitas: ${seq} Idioma Lane`);
    expect(text).toContain('Comentarios recibidos');
    expect(text).toContain('Impresión general');
    expect(text).toMatch(/Abrir su informe: http:\/\/keyturn\.test\/seller\/\S+\?lang=es/);
    expect(text).not.toMatch(/Feedback received|Open your report/);
  });
});

describe('the buyer’s e-mail when the seller never answered, in the booking’s language', () => {
  it('a Spanish booking’s expiry e-mail: subject, heading, the line, the labels, the es-US time and the link in Spanish', async () => {
    const { property } = await listing(pro, {});
    const booked = await requestShowing(pro, property, 5, 'es');
    const [request] = await h.t.database.db
      .select()
      .from(sellerApprovalRequests)
      .where(eq(sellerApprovalRequests.bookingId, booked.id));
    const deps: SellerMailDeps = {
      db: h.t.database.db,
      mailer: createMailer({ smtpUrl: h.smtp.url, outbox: databaseOutbox(h.t.database.db) }),
      sms: { transport: 'sms', send: async () => ({ transport: 'sms', providerRef: 'x', fileName: null }) },
      signer: linkSignerOf(h.t.config),
      publicUrl: PUBLIC_URL,
      mailFrom: h.t.config.mail.from,
      smsDefaultCountry: 'US',
      now: h.clock.now,
    };
    const expiry = {
      kind: 'seller.approval' as const,
      requestId: request!.id,
      step: 'expiry' as const,
      at: request!.expiresAt.toISOString(),
    };
    expect((await runSellerJob(deps, expiry, { retryCount: 0, retryLimit: 2 })).sent).toBe(1);
    const buyer = `buyer${seq}@buyers.test`;
    const expired = () =>
      h.smtp.to(buyer).filter((m) => /^No se pudo confirmar/.test(m.parsed.subject ?? ''));
    await h.smtp.waitFor(() => expired().length === 1);
    const mail = expired()[0]!;
    const es = parts(booked.startsAt, pro.timeZone, 'es-US');
    expect(flat(mail.parsed.subject)).toBe(
      flat(message('es', 'email.expiredSubject', { date: es.shortDate })),
    );
    const text = flat(mail.parsed.text);
    expect(text).toContain('Hola, Casey:');
    expect(text).toContain(flat(message('es', 'email.expiredLine')));
    expect(text).toContain(`${message('es', 'email.requestedTimeLabel')} ${flat(es.date)}, ${flat(es.time)}`);
    expect(text).toMatch(/Elegir otro horario: \S+lang=es/);
    expect(text).not.toMatch(/\b(Hi|Property|Requested time|Choose another time)\b/);
    deps.mailer.close();
  });
});

describe('the seller page’s answers and the buyer’s decline, in their languages', () => {
  it('a block too long from a Spanish page is refused in Spanish; a block over the showing declines it, and the Spanish buyer reads the reason in Spanish', async () => {
    const { property, email } = await listing(pro, {});
    const booked = await requestShowing(pro, property, 3, 'es');
    await h.startWorkers();
    const { token } = link((await requestMail(email)).parsed.text ?? '', 'Block times');
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: pro.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(booked.startsAt);
    const part = (type: string) => local.find((p) => p.type === type)!.value;
    const date = `${part('year')}-${part('month')}-${part('day')}`;
    const spanish = { 'accept-language': 'es' };
    const tooLong = await h.t.request({
      method: 'POST',
      url: '/api/seller-approval/block?lang=es',
      headers: spanish,
      payload: { token, date, start: '00:00', end: '23:00', locale: 'es' },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.end).toBe(message('es', 'seller.blockTooLong'));
    const hour = Number(part('hour'));
    const blocked = await h.t.request({
      method: 'POST',
      url: '/api/seller-approval/block?lang=es',
      headers: spanish,
      payload: {
        token,
        date,
        start: `${String(hour).padStart(2, '0')}:00`,
        end: hour === 23 ? '23:59' : `${String(hour + 1).padStart(2, '0')}:00`,
        locale: 'es',
      },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const buyer = `buyer${seq}@buyers.test`;
    const declined = () => h.smtp.to(buyer).filter((m) => /^No disponible: /.test(m.parsed.subject ?? ''));
    await h.smtp.waitFor(() => declined().length >= 1);
    const text = flat(declined()[0]!.parsed.text);
    expect(text).toContain(`“${message('es', 'seller.sellerBlocked')}”`);
    expect(text).not.toContain('The seller is not available');
    await h.stopWorkers();
  });
});
