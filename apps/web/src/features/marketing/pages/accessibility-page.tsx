// Issue 43: /accessibility, linked from every public footer — what we claim (WCAG 2.2 AA, on which pages), how
// it is tested, what we know falls short, and a form that reaches the people who run this server.
import type { ReactNode } from 'react';
import { Container, PageHero, PageMeta } from '@/components/site-chrome';
import { AccessibilityReportForm } from '../components/accessibility-report-form';

const IN_SCOPE = [
  'The public site: the home page, Features, Pricing, About, Success stories, the privacy policy, the waiting list and this page.',
  'Signing in and signing up.',
  'Everything a home buyer uses: an agent’s or a team’s booking page with every step of booking, the pages to manage, reschedule or cancel a showing, proposed times, tours and the feedback form.',
  'What a seller uses: the page to approve or decline a showing and the seller’s report.',
];

const TESTING = [
  'Every change to Keyturn runs automated checks with axe-core in Chromium against the WCAG 2.0, 2.1 and 2.2 A and AA rules, on each public page at phone (375 px) and desktop (1280 px) width, and again with the cookie banner open.',
  'A browser test books a showing with the keyboard alone at 375 px: every control is reached with Tab, the calendar answers its arrow keys, and at every stop the focused control is on screen, not under anything and drawn with a visible focus ring.',
  'On the booking page at phone width, tests check that the focus never lands under the cookie banner or the Scroll to top button (2.4.11) and that every control a buyer presses is at least 24 × 24 pixels (2.5.8).',
  'Motion: carousels and animations stay still for visitors who ask their system for reduced motion.',
];

const EXCEPTIONS: ReactNode[] = [
  'Pages for buyers and sellers are in English only for now. A Spanish version is in preparation.',
  'Property photos are described by the property’s address, not by what each photo shows.',
  'Texts an agent writes (instructions for a showing, notes, the booking page’s introduction) are shown as the agent wrote them.',
  'A booking page embedded in an agent’s own website sits inside that website, whose accessibility is the agent’s.',
  'The agent’s dashboard is not covered by this statement yet; we fix what we learn about it all the same.',
];

const List = ({ items }: { items: ReactNode[] }) => (
  <ul className="mt-3 list-disc space-y-2 pl-5 text-base leading-7 text-slate-700">
    {items.map((item, index) => (
      <li key={index}>{item}</li>
    ))}
  </ul>
);

const Heading = ({ id, children }: { id: string; children: ReactNode }) => (
  <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
    {children}
  </h2>
);

/** /accessibility: the accessibility statement and its report form. */
export function AccessibilityPage() {
  return (
    <>
      <PageMeta
        title="Accessibility · Keyturn"
        description="Keyturn's accessibility statement: WCAG 2.2 AA for the public site and every page a buyer or seller uses, how we test it, what we know falls short, and how to report a problem."
      />
      <PageHero
        eyebrow="Accessibility"
        title="Booking a showing should work for everyone"
        intro="Keyturn aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. This page says where, how we check it, and what we know does not meet it yet."
      />
      <Container className="py-14 sm:py-20">
        <div className="max-w-3xl space-y-14">
          <section aria-labelledby="scope-title">
            <Heading id="scope-title">Which pages</Heading>
            <p className="mt-3 text-base leading-7 text-slate-700">
              Our target is WCAG 2.2 level AA for these pages, at any width from 375 pixels up:
            </p>
            <List items={IN_SCOPE} />
          </section>

          <section aria-labelledby="testing-title">
            <Heading id="testing-title">How we test</Heading>
            <List items={TESTING} />
          </section>

          <section aria-labelledby="exceptions-title">
            <Heading id="exceptions-title">Known exceptions</Heading>
            <List items={EXCEPTIONS} />
          </section>

          <section aria-labelledby="report-title">
            <Heading id="report-title">Report a problem</Heading>
            <p className="mt-3 text-base leading-7 text-slate-700">
              If something on a Keyturn page is hard or impossible to use for you, tell us. Your report goes
              to the people who run this Keyturn server; they answer by e-mail, and we fix what we can.
            </p>
            <AccessibilityReportForm />
          </section>
        </div>
      </Container>
    </>
  );
}
