// API errors in the buyer's language (issue 43): a Spanish request gets the `error` text (and its `fields`) in
// Spanish with the same `code`; an English request's body is byte-for-byte what it was. Real database, fixed clock:
// Monday 2030-01-07 10:00 in New York.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUES } from '@keyturn/domain/i18n/catalogues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodyIn, errorKeysOf, rateLimitValues } from '../src/http/error-language';
import { t as message } from '../src/i18n';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, type TestAgent } from './fixtures';

const NOW = new Date('2030-01-07T15:00:00Z');
const SPANISH = { 'accept-language': 'es' };
const ENGLISH = { 'accept-language': 'en' };
let t: TestApp;
let agent: TestAgent;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  agent = await makeAgent(t);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

describe('a Spanish request', () => {
  it('a time just booked answers 409 SLOT_TAKEN in Spanish; in English the body is as it was', async () => {
    const body = bookingPayload(agent.id, { booking_date: '2030-01-09', booking_time: '10:00' });
    expect((await post('/api/booking', body)).statusCode).toBe(201);
    const again = { ...body, client_email: 'other@example.com', client_name: 'Other Buyer' };
    const spanish = await post('/api/booking', again, SPANISH);
    expect(spanish.statusCode).toBe(409);
    expect(spanish.json()).toEqual({
      code: 'SLOT_TAKEN',
      error: 'Otra persona acaba de reservar este horario. Elija otro horario, por favor.',
    });
    const english = await post('/api/booking', again, ENGLISH);
    expect(english.statusCode).toBe(409);
    expect(english.body).toBe(
      JSON.stringify({
        error: 'This time was just booked by someone else. Please pick another time.',
        code: 'SLOT_TAKEN',
      }),
    );
    // No language named at all: English, as before.
    expect((await post('/api/booking', again)).body).toBe(english.body);
  });

  it('bad input answers 400 VALIDATION_ERROR with each field in Spanish (the fields catalogue)', async () => {
    const bad = bookingPayload(agent.id, { client_name: ' ', client_email: 'casey@', buyer_type: '' });
    const english = await post('/api/booking', bad, ENGLISH);
    expect(english.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Full name is required',
      fields: {
        client_name: 'Full name is required',
        client_email: 'Please enter a valid email address',
        buyer_type: 'Buyer type is required',
      },
    });
    const spanish = await post('/api/booking', bad, SPANISH);
    expect(spanish.statusCode).toBe(400);
    const fields = {
      client_name: message('es', 'fields.fullNameRequired'),
      client_email: message('es', 'fields.emailInvalid'),
      buyer_type: message('es', 'fields.buyerTypeRequired'),
    };
    expect(fields.client_name).not.toBe('Full name is required');
    expect(spanish.json()).toEqual({ code: 'VALIDATION_ERROR', error: fields.client_name, fields });
  });

  it('a date outside the window: the 400 and its field in Spanish', async () => {
    const res = await get(`/api/booking/availability/agent/${agent.id}/2031-06-01`, SPANISH);
    expect(res.statusCode).toBe(400);
    const text = 'Elija una fecha entre mañana y los próximos 60 días.';
    expect(res.json()).toEqual({ code: 'DATE_OUTSIDE_WINDOW', error: text, fields: { date: text } });
  });

  it('an unknown manage token answers 404 BOOKING_NOT_FOUND in Spanish (?lang=es too)', async () => {
    const res = await get('/api/booking/manage?token=nope', SPANISH);
    expect(res.statusCode).toBe(404);
    const spanish = {
      code: 'BOOKING_NOT_FOUND',
      error: 'Este enlace de reserva no es válido. Revise el enlace en su correo electrónico.',
    };
    expect(res.json()).toEqual(spanish);
    expect((await get('/api/booking/manage?token=nope&lang=es')).json()).toEqual(spanish);
    expect((await get('/api/booking/manage?token=nope', ENGLISH)).json()).toEqual({
      code: 'BOOKING_NOT_FOUND',
      error: 'This booking link is not valid. Please check the link in your e-mail.',
    });
  });

  it('a signed-in call (the dashboard, English) is answered in English whatever the cookie or header says', async () => {
    const res = await get('/api/booking/manage?token=nope', {
      ...SPANISH,
      cookie: 'keyturn_lang=es',
      authorization: 'Bearer not-a-session',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('This booking link is not valid. Please check the link in your e-mail.');
  });

  it('a public write over the limit answers 429 RATE_LIMITED in Spanish', async () => {
    const limited = await createTestApp({ now: () => NOW, env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '1' } });
    try {
      await limited.request({ method: 'POST', url: '/api/booking', payload: {}, headers: SPANISH });
      const spanish = await limited.request({
        method: 'POST',
        url: '/api/booking',
        payload: {},
        headers: SPANISH,
      });
      expect(spanish.statusCode).toBe(429);
      expect(spanish.json()).toEqual({
        code: 'RATE_LIMITED',
        error: 'Ha enviado demasiadas solicitudes seguidas. Vuelva a intentarlo en 1 minuto.',
      });
      const english = await limited.request({
        method: 'POST',
        url: '/api/booking',
        payload: {},
        headers: ENGLISH,
      });
      expect(english.json()).toEqual({
        code: 'RATE_LIMITED',
        error: 'Rate limit exceeded, retry in 1 minute',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('translating an error body', () => {
  it('a message with dynamic parts: by its values; a text the catalogue does not have stays English', () => {
    const values = (locale: 'en' | 'es') => ({
      address: '12 Elm St',
      clock: locale === 'en' ? '2:00 pm' : '2:00 p.m.',
    });
    const english =
      '12 Elm St at 2:00 pm is no longer free, so nothing was booked. Please contact your agent for new times.';
    expect(
      errorBodyIn({ error: english, code: 'TOUR_STOP_TAKEN', fields: { 'stops.0': english } }, 'es', values),
    ).toEqual({
      error:
        '12 Elm St a las 2:00 p.m. ya no está libre, así que no se reservó nada. Comuníquese con su agente para acordar nuevos horarios.',
      code: 'TOUR_STOP_TAKEN',
      fields: {
        'stops.0':
          '12 Elm St a las 2:00 p.m. ya no está libre, así que no se reservó nada. Comuníquese con su agente para acordar nuevos horarios.',
      },
    });
    // A code's variant (another English text of the same code) and a text shared by codes.
    expect(
      errorBodyIn({ error: 'You already accepted the new time.', code: 'PROPOSAL_ANSWERED' }, 'es').error,
    ).toBe('Usted ya aceptó el nuevo horario.');
    // A sentence that lives in a page's area (one copy): translated by its English.
    expect(
      errorBodyIn({ error: CATALOGUES.en.seller.linkUsed!, code: 'APPROVAL_LINK_USED' }, 'es').error,
    ).toBe(message('es', 'seller.linkUsed'));
    // A note the service writes per language (errors.APPROVAL_ANSWERED is its {note}).
    const note = (locale: 'en' | 'es') => ({
      note: locale === 'en' ? 'Dana approved this.' : 'Dana lo aprobó.',
    });
    expect(errorBodyIn({ error: 'Dana approved this.', code: 'APPROVAL_ANSWERED' }, 'es', note).error).toBe(
      'Dana lo aprobó.',
    );
    // Values that do not render the English text: nothing is guessed.
    const wrong = { error: 'Casey can’t book.', code: 'BOOKING_LIMIT_REACHED' };
    expect(errorBodyIn(wrong, 'es', { name: 'Casey', hasPhone: 'no', phone: '' })).toEqual(wrong);
    expect(errorBodyIn({ error: 'Something new.', code: 'SLOT_TAKEN' }, 'es').error).toBe('Something new.');
  });

  it('BOOKING_LIMIT_REACHED and AGENT_DAY_FULL: the English is the service’s text exactly', () => {
    expect(
      message('en', 'errors.BOOKING_LIMIT_REACHED', {
        name: 'Jamie Lee',
        hasPhone: 'yes',
        phone: '555-0100',
      }),
    ).toBe("Jamie Lee can't take more online bookings this month. Please contact them directly at 555-0100.");
    expect(message('en', 'errors.AGENT_DAY_FULL', { cap: 1 })).toBe(
      'The agent takes at most one showing a day, and this day is full. Please pick another day.',
    );
    expect(message('es', 'errors.AGENT_DAY_FULL', { cap: 3 })).toContain('3 visitas');
    const after = rateLimitValues('Rate limit exceeded, retry in 30 seconds');
    expect(typeof after === 'function' && after('es')).toEqual({ after: '30 segundos' });
  });
});

// The public modules (buyers, sellers, buyers' agents): every code they throw has its text in both languages.
const API = path.resolve(__dirname, '..', 'src');
const PUBLIC_SOURCES = [
  'modules/booking-public',
  'modules/showing-waitlist/entries.ts',
  'modules/open-houses/service.ts',
  'modules/sellers/answer.ts',
  'modules/sellers/approval.ts',
  'modules/seller-report/service.ts',
  'modules/feedback/service.ts',
  'modules/network-tours/service.ts',
  'modules/buyer-privacy/requests.ts',
  'modules/accessibility',
  'modules/core/public-reads.ts',
  'modules/availability/daily-cap.ts',
  'modules/bookings/service.ts',
  'modules/teams/public.ts',
  'http/errors.ts',
  'errors.ts',
];
/** Thrown in those files only on the agent's own routes (their answers stay English with the dashboard). */
const AGENT_ONLY = new Set(['CONTACT_EXISTS', 'FEEDBACK_EXISTS', 'NO_BUYER', 'OPEN_HOUSE_OVERLAPS']);
/** A code thrown with another code's text: translated by that text (one text, one entry). */
const SAME_TEXT_AS: Record<string, string> = {
  APPROVAL_LINK_ACTION: 'seller.linkInvalid',
  APPROVAL_LINK_INVALID: 'seller.linkInvalid',
  APPROVAL_EXPIRED: 'seller.expired',
  PROPERTY_NOT_FOUND: 'booking.noPropertyBody',
  TEAM_NOT_FOUND: 'visit.teamNotFound',
  TOUR_ALREADY_BOOKED: 'visit.tourAlreadyBooked',
  PROPOSAL_NOT_FOUND: 'manage.proposalNotFound',
  PROPOSAL_WITHDRAWN: 'manage.proposalWithdrawn',
  WAITLIST_NOT_FOUND: 'manage.waitNotFound',
};
const entry = (locale: 'en' | 'es', id: string) => {
  const [area, key] = id.split('.') as [keyof (typeof CATALOGUES)['en'], string];
  return CATALOGUES[locale][area][key];
};

function sourcesUnder(relative: string): string[] {
  const full = path.join(API, relative);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(full, name));
}

describe('the errors catalogue', () => {
  it('every code thrown by the public modules has errors.<CODE> in English and Spanish', () => {
    const thrown = new Set<string>();
    for (const file of PUBLIC_SOURCES.flatMap(sourcesUnder)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/new AppError\(\s*\d{3},\s*'([A-Z_]+)'/g)) thrown.add(m[1]!);
      if (/notFound\(/.test(text)) thrown.add('NOT_FOUND');
    }
    thrown.add('RATE_LIMITED');
    thrown.add('OPEN_HOUSE_FULL');
    thrown.add('AGENT_DAY_FULL');
    expect(thrown.size).toBeGreaterThan(30);
    const missing = [...thrown].filter(
      (code) => !AGENT_ONLY.has(code) && !(code in SAME_TEXT_AS) && !(code in CATALOGUES.en.errors),
    );
    expect(missing).toEqual([]);
    for (const [code, id] of Object.entries(SAME_TEXT_AS)) {
      expect(entry('en', id), id).toBeTruthy();
      expect(errorBodyIn({ error: entry('en', id)!, code }, 'es').error, code).toBe(entry('es', id));
    }
    for (const code of thrown) {
      if (AGENT_ONLY.has(code) || code in SAME_TEXT_AS) continue;
      expect(CATALOGUES.es.errors[code], code).toBeTruthy();
    }
    // No second copy: an errors entry's English is no other area's sentence.
    const elsewhere = new Set(
      Object.entries(CATALOGUES.en)
        .filter(([area]) => area !== 'errors')
        .flatMap(([, messages]) => Object.values(messages)),
    );
    expect(Object.entries(CATALOGUES.en.errors).filter(([, text]) => elsewhere.has(text))).toEqual([]);
  });

  it('every entry has both languages, each key named by a code (or a code’s variant)', () => {
    for (const key of Object.keys(CATALOGUES.en.errors)) {
      expect(key).toMatch(/^[A-Z][A-Z_]*[A-Z](_[a-z][A-Za-z]*)?$/);
      expect(CATALOGUES.es.errors[key], key).toBeTruthy();
      // A note the service writes in the buyer's language itself ("{note}") is the same in both.
      if (/^\{\w+\}$/.test(CATALOGUES.en.errors[key]!))
        expect(CATALOGUES.es.errors[key]).toBe(CATALOGUES.en.errors[key]);
      else expect(CATALOGUES.es.errors[key], key).not.toBe(CATALOGUES.en.errors[key]);
      expect(errorKeysOf(key.replace(/_[a-z][A-Za-z]*$/, ''))).toContain(key);
    }
    expect(Object.keys(CATALOGUES.es.errors).sort()).toEqual(Object.keys(CATALOGUES.en.errors).sort());
  });
});
