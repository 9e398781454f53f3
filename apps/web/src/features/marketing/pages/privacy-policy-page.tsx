import type { ReactNode } from 'react';
import { CONSENT_STORAGE_KEY } from '@keyturn/domain/constants';
import { PRIVACY_TEXTS } from '@keyturn/domain/privacy';
import { Container, PageHero, PageMeta } from '@/components/site-chrome';
import { Button } from '@/components/ui/button';
import { setConsent, useConsent } from '@/lib/consent';

const PRIVACY_EMAIL = 'privacy@keyturn.app';

const STORED: { title: string; items: ReactNode[] }[] = [
  {
    title: 'Agent accounts',
    items: [
      'Your name, e-mail address and a salted hash of your password (never the password itself).',
      'Sign-in sessions: a session token, its expiry, and the IP address and browser description of the device that signed in.',
    ],
  },
  {
    title: 'Agent profiles and workspaces',
    items: [
      'Profile: name, e-mail, phone, username, company name, brand colour, time zone, and the logo and profile picture you upload.',
      'Properties: address, city, state, ZIP code, price, bedrooms, bathrooms, type and photos.',
      'Availability (weekly hours, days off, notice, buffer), booking links you create and your notification and feedback settings.',
    ],
  },
  {
    title: 'Bookings, including buyer contact data',
    items: [
      'What a buyer enters on a booking page: name, e-mail, phone, buyer type, and optionally a budget range, an income range and a note.',
      'The booking itself: purpose, property, date and time, status, and any reason given for a reschedule or a cancellation.',
      'A short technical record of each booking submission, so that pressing Confirm twice never books twice.',
    ],
  },
  {
    title: 'Uploaded images',
    items: [
      'Logos, profile pictures and property photos are stored as files named after their content, so the same image is kept once.',
    ],
  },
  {
    title: 'Waiting list and sales enquiries',
    items: [
      'Waiting list: name, e-mail, company (optional) and the segment you chose.',
      'Talk to Sales team: name, e-mail, company and team size (optional) and your message.',
    ],
  },
  {
    title: 'Accessibility reports',
    items: [
      'What you send from the form on the accessibility statement: your name (optional), e-mail, the page (optional) and your message. The people who run this server read it, receive it by e-mail and answer you.',
    ],
  },
];

/** /privacy-policy: what Keyturn stores, analytics only with consent (and the switch for it), deletion. */
export function PrivacyPolicyPage() {
  return (
    <>
      <PageMeta
        title="Privacy policy · Keyturn"
        description="What Keyturn stores about agents, buyers and waiting-list members, how analytics works only with your consent, and how to have your data deleted."
      />
      <PageHero
        eyebrow="Privacy policy"
        title="Your data, in plain words"
        intro="What Keyturn stores, why, and how to have it deleted. This page describes the app exactly as it works today."
      />
      <Container className="py-14 sm:py-20">
        <div className="max-w-3xl space-y-14">
          <section aria-labelledby="stored-title">
            <h2 id="stored-title" className="text-2xl font-bold tracking-tight text-slate-900">
              What we store
            </h2>
            <p className="mt-3 text-base leading-7 text-slate-700">
              Keyturn stores what it needs to run booking pages and the agent’s dashboard, in its own database
              and file storage. We do not sell it, and analytics only runs with your consent.
            </p>
            <div className="mt-6 space-y-6">
              {STORED.map((group) => (
                <div key={group.title}>
                  <h3 className="text-lg font-semibold text-slate-900">{group.title}</h3>
                  <ul className="mt-2 list-disc space-y-1.5 pl-5 text-base leading-7 text-slate-700">
                    {group.items.map((item, index) => (
                      <li key={index}>{item}</li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
            <p className="mt-6 text-base leading-7 text-slate-700">
              A buyer’s details are visible to the agent they booked with, and to no other agent.
            </p>
          </section>

          {/* Issue 46: a buyer's own data — the link, the download, deletion and its clock, retention. */}
          <section aria-labelledby="buyer-data-title">
            <h2 id="buyer-data-title" className="text-2xl font-bold tracking-tight text-slate-900">
              {PRIVACY_TEXTS.policy.heading}
            </h2>
            <p className="mt-3 text-base leading-7 text-slate-700">{PRIVACY_TEXTS.policy.intro}</p>
            <ul className="mt-3 list-disc space-y-1.5 pl-5 text-base leading-7 text-slate-700">
              {PRIVACY_TEXTS.policy.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="browser-title">
            <h2 id="browser-title" className="text-2xl font-bold tracking-tight text-slate-900">
              In your browser
            </h2>
            <ul className="mt-3 list-disc space-y-1.5 pl-5 text-base leading-7 text-slate-700">
              <li>
                Signed-in agents: a session cookie and the same session token in local storage keep you signed
                in. They are needed for the dashboard to work and are never used for analytics.
              </li>
              <li>
                Everyone: your analytics choice, in local storage under <code>{CONSENT_STORAGE_KEY}</code>.
              </li>
            </ul>
          </section>

          <section aria-labelledby="analytics-title">
            <h2 id="analytics-title" className="text-2xl font-bold tracking-tight text-slate-900">
              Analytics, only with your consent
            </h2>
            <p className="mt-3 text-base leading-7 text-slate-700">
              Until you press Accept All, no analytics script is loaded and nothing is recorded. If you
              accept, we load Google Tag Manager and record page views and product events such as “a booking
              was created” (with the booking’s id, property address, date and status) or an error you met
              (with the page address). After you join the waiting list, a conversion event tells our
              advertising tools that a sign-up happened, without your name or e-mail. If you reject or later
              turn analytics off, events still waiting to be sent are dropped and nothing new is recorded.
            </p>
            <AnalyticsChoice />
          </section>

          <section aria-labelledby="delete-title">
            <h2 id="delete-title" className="text-2xl font-bold tracking-tight text-slate-900">
              Having your data deleted
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-base leading-7 text-slate-700">
              <li>
                <strong>Agents:</strong> in the dashboard, open Settings → Account and choose Delete my
                profile. Your profile, properties, bookings, availability and booking links are deleted at
                once. Your sign-in account and uploaded image files stay until you ask us to remove them at{' '}
                <EmailLink />.
              </li>
              <li>
                <strong>Buyers:</strong> open the “Your data” link at the end of any e-mail from the agent and
                ask for deletion there (see above), or write to <EmailLink /> and we will do it.
              </li>
              <li>
                <strong>Waiting list and sales enquiries:</strong> write to <EmailLink /> from the address you
                signed up with.
              </li>
            </ul>
            <p className="mt-4 text-base leading-7 text-slate-700">
              The same address answers any other question about your data: what we hold, correcting it, or
              objecting to how we use it.
            </p>
          </section>
        </div>
      </Container>
    </>
  );
}

function EmailLink() {
  return (
    <a
      href={`mailto:${PRIVACY_EMAIL}`}
      className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
    >
      {PRIVACY_EMAIL}
    </a>
  );
}

/** The visitor's current choice and the way to change it (spec §4: turning analytics off clears the queue). */
function AnalyticsChoice() {
  const consent = useConsent();
  const state =
    consent === 'accepted'
      ? 'Analytics is on.'
      : consent === 'rejected'
        ? 'Analytics is off.'
        : 'You have not chosen yet, so analytics is off.';
  return (
    <div className="mt-6 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:flex-row sm:items-center sm:justify-between">
      <p role="status" className="text-base font-medium text-slate-900">
        {state}
      </p>
      <div className="flex gap-3">
        {consent === 'accepted' ? (
          <Button variant="secondary" onClick={() => setConsent('rejected')}>
            Turn analytics off
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConsent('accepted')}>
            Allow analytics
          </Button>
        )}
      </div>
    </div>
  );
}
