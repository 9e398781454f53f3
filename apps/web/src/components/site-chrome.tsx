// Header, footer and page metadata of the public pages (spec §2.3: navigation Features, Pricing, Join Waiting
// List; footer links to /pricing, /about, /privacy-policy, /waiting-list and the landing page's anchors; issue 43
// adds /accessibility), and
// the layout of the marketing pages. Not on the first load of the booking page (decision 036): the router
// loads PublicLayout lazily, and the marketing pages import this file themselves. The header is in
// site-header.tsx: the landing page's first screen needs it without the rest (its footer loads later).
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from '@/lib/router';
import { ACCESSIBILITY_PATH } from '@keyturn/domain/constants';
import { Logo } from '@/components/ui/logo';
import { useLaunched } from '@/lib/launch';
import { SiteHeader } from './site-header';

export { PageMeta, SiteHeader } from './site-header';

/** Marketing and information pages: site header, the page (it lays out its own sections), site footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** `beforeLaunch`: a link to what closes at launch (issue 40), left out once the server is launched. */
type FooterLink = { label: string; to: string | { pathname: '/'; hash: string }; beforeLaunch?: true };

/** Sections of the landing page the footer points at (they exist there as ids). */
export const LANDING_ANCHORS = [
  'features',
  'integrations',
  'api',
  'blog',
  'careers',
  'contact',
  'help',
  'docs',
  'status',
] as const;
export type LandingAnchor = (typeof LANDING_ANCHORS)[number];

const anchor = (id: LandingAnchor, label: string): FooterLink => ({ label, to: { pathname: '/', hash: id } });

const footerColumns: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      anchor('features', 'Features'),
      { label: 'Pricing', to: '/pricing' },
      anchor('integrations', 'Integrations'),
      anchor('api', 'API'),
      { label: 'Waiting list', to: '/waiting-list', beforeLaunch: true },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      anchor('blog', 'Blog'),
      anchor('careers', 'Careers'),
      anchor('contact', 'Contact'),
    ],
  },
  {
    title: 'Support',
    links: [
      anchor('help', 'Help'),
      anchor('docs', 'Docs'),
      anchor('status', 'Status'),
      { label: 'Privacy policy', to: '/privacy-policy' },
      { label: 'Accessibility', to: ACCESSIBILITY_PATH },
    ],
  },
];

/** The site footer; `children` (the landing page's resource notes) go above the link columns. */
export function SiteFooter({ children }: { children?: ReactNode }) {
  const launched = useLaunched();
  // The statement's report form starts with the page the visitor came from (accessibility-report-form.tsx).
  const from = { from: useLocation().pathname };
  return (
    <footer className="below-fold border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        {children}
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-[1.4fr_repeat(3,1fr)]">
          <div className="col-span-2 max-w-xs md:col-span-1">
            <Logo size="sm" />
            <p className="mt-3 text-sm leading-6 text-slate-600">
              The showing scheduler for real-estate agents: branded booking pages and one dashboard for every
              viewing.
            </p>
          </div>
          {footerColumns.map((column) => (
            <nav key={column.title} aria-label={`Footer: ${column.title}`}>
              <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
              <ul className="mt-3 space-y-1.5">
                {column.links
                  .filter((link) => !(launched && link.beforeLaunch))
                  .map((link) => (
                    <li key={link.label}>
                      <Link
                        to={link.to}
                        state={link.to === ACCESSIBILITY_PATH ? from : undefined}
                        className="inline-block rounded py-0.5 text-sm text-slate-600 hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-10 flex flex-col gap-2 border-t border-slate-200 pt-6 text-sm text-slate-600 sm:flex-row sm:justify-between">
          <p>© {new Date().getFullYear()} Keyturn. Showing scheduling for real-estate agents.</p>
          <p>
            <Link
              to="/privacy-policy"
              className="rounded hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            >
              Privacy
            </Link>
            <span aria-hidden="true"> · </span>
            <Link
              to={ACCESSIBILITY_PATH}
              state={from}
              className="rounded hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            >
              Accessibility
            </Link>
            <span aria-hidden="true"> · </span>
            <span>Terms of Service</span>
          </p>
        </div>
      </div>
    </footer>
  );
}

/** The width every public section lines up to. */
export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>;
}

/** A section's title block: small label, h2, one paragraph. */
export function SectionHeading({
  eyebrow,
  title,
  intro,
  id,
  align = 'center',
}: {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  /** The h2's id, for aria-labelledby on the section. */
  id?: string;
  align?: 'center' | 'left';
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg leading-8 text-slate-600">{intro}</p> : null}
    </div>
  );
}

/** The top of an inner public page: label, h1, introduction, optional actions. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden border-b border-slate-100 bg-gradient-to-b from-blue-50/70 to-white">
      <Container className="py-14 sm:py-20">
        <div className="max-w-3xl">
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{eyebrow}</p>
          ) : null}
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
          {intro ? <p className="mt-5 text-lg leading-8 text-slate-600 sm:text-xl">{intro}</p> : null}
          {children ? <div className="mt-8">{children}</div> : null}
        </div>
      </Container>
    </section>
  );
}
