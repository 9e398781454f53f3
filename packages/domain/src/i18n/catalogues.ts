// Every catalogue of both languages (issue 43, decision 096), for the server (e-mails, texts, the calendar file,
// API errors) and the catalogues' own tests. The web app never imports this file: a page imports its area's English
// catalogue with its code and the Spanish ones only when chosen (apps/web/src/lib/i18n.tsx, spanish.ts).
// A new area: a JSON file in en/ and es/ with the same keys, and a line here.
import type { Locale } from './locales';
import enCommon from './en/common.json' with { type: 'json' };
import enBooking from './en/booking.json' with { type: 'json' };
import enSteps from './en/steps.json' with { type: 'json' };
import enCookies from './en/cookies.json' with { type: 'json' };
import enDetails from './en/details.json' with { type: 'json' };
import enFields from './en/fields.json' with { type: 'json' };
import enManage from './en/manage.json' with { type: 'json' };
import enSeller from './en/seller.json' with { type: 'json' };
import enVisit from './en/visit.json' with { type: 'json' };
import enEmail from './en/email.json' with { type: 'json' };
import enText from './en/text.json' with { type: 'json' };
import enIcs from './en/ics.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enStatement from './en/statement.json' with { type: 'json' };
import enReplies from './en/replies.json' with { type: 'json' };
import enSellermail from './en/sellermail.json' with { type: 'json' };
import esCommon from './es/common.json' with { type: 'json' };
import esBooking from './es/booking.json' with { type: 'json' };
import esSteps from './es/steps.json' with { type: 'json' };
import esCookies from './es/cookies.json' with { type: 'json' };
import esDetails from './es/details.json' with { type: 'json' };
import esFields from './es/fields.json' with { type: 'json' };
import esManage from './es/manage.json' with { type: 'json' };
import esSeller from './es/seller.json' with { type: 'json' };
import esVisit from './es/visit.json' with { type: 'json' };
import esEmail from './es/email.json' with { type: 'json' };
import esText from './es/text.json' with { type: 'json' };
import esIcs from './es/ics.json' with { type: 'json' };
import esErrors from './es/errors.json' with { type: 'json' };
import esStatement from './es/statement.json' with { type: 'json' };
import esReplies from './es/replies.json' with { type: 'json' };
import esSellermail from './es/sellermail.json' with { type: 'json' };

/** An area's messages by key: ICU MessageFormat, the English ones the spec's texts letter for letter. */
export type Catalogue = Record<string, string>;

export const AREAS = [
  'common',
  'booking',
  'steps',
  'cookies',
  'details',
  'fields',
  'manage',
  'seller',
  'visit',
  'email',
  'text',
  'ics',
  'errors',
  'statement',
  'replies',
  'sellermail',
] as const;
export type AreaName = (typeof AREAS)[number];

export const CATALOGUES: Record<Locale, Record<AreaName, Catalogue>> = {
  en: {
    common: enCommon,
    booking: enBooking,
    steps: enSteps,
    cookies: enCookies,
    details: enDetails,
    fields: enFields,
    manage: enManage,
    seller: enSeller,
    visit: enVisit,
    email: enEmail,
    text: enText,
    ics: enIcs,
    errors: enErrors,
    statement: enStatement,
    replies: enReplies,
    sellermail: enSellermail,
  },
  es: {
    common: esCommon,
    booking: esBooking,
    steps: esSteps,
    cookies: esCookies,
    details: esDetails,
    fields: esFields,
    manage: esManage,
    seller: esSeller,
    visit: esVisit,
    email: esEmail,
    text: esText,
    ics: esIcs,
    errors: esErrors,
    statement: esStatement,
    replies: esReplies,
    sellermail: esSellermail,
  },
};
