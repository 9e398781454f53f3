// Header, footer and page metadata of the public pages (spec §2.3: navigation Features, Pricing, Join Waiting
// List; footer links to /pricing, /about, /privacy-policy, /waiting-list and the landing page's anchors).
import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { useSession } from '@/lib/auth';

/**
 * The page's <title> (React hoists it into <head>) and its meta description. index.html carries one
 * description for every screen; a public page swaps its own text in while it is shown, so there is always
 * exactly one.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    const meta = document.querySelector('meta[name="description"]');
    if (!meta) return;
    const previous = meta.getAttribute('content');
    meta.setAttribute('content', description);
    return () => {
      if (previous !== null) meta.setAttribute('content', previous);
    };
  }, [description]);
  return <title>{title}</title>;
}

const navLink =
  'whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500';

const mainLinks = [
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About' },
];

export function SiteHeader() {
  const { status } = useSession();
  // A visitor can sign in or create an account (issue 19: the landing page had no way to sign up).
  const accountLinks =
    status === 'signed-in'
      ? [{ to: '/dashboard', label: 'Dashboard' }]
      : [
          { to: '/sign-in', label: 'Sign in' },
          { to: '/sign-up', label: 'Sign up' },
        ];
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-3 md:flex">
          {mainLinks.map((link) => (
            <Link key={link.to} to={link.to} className={navLink}>
              {link.label}
            </Link>
          ))}
          {accountLinks.map((link) => (
            <Link key={link.to} to={link.to} className={navLink}>
              {link.label}
            </Link>
          ))}
          <ButtonLink to="/waiting-list" size="sm">
            Join Waiting List
          </ButtonLink>
        </nav>
        <MobileNav links={[...mainLinks, ...accountLinks]} />
      </div>
    </header>
  );
}

/** Below the md breakpoint: the waiting-list button stays in view, the other links fold into a menu. */
function MobileNav({ links }: { links: { to: string; label: string }[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState(location.key);

  // Following a link closes the menu.
  if (open && openedAt !== location.key) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <div className="flex items-center gap-2 md:hidden">
      <ButtonLink to="/waiting-list" size="sm">
        Join Waiting List
      </ButtonLink>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpenedAt(location.key);
          setOpen((value) => !value);
        }}
        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span className="sr-only">Menu</span>
      </button>
      <nav
        id={panelId}
        aria-label="Main"
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg"
      >
        <ul className="flex flex-col">
          {links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

type FooterLink = { label: string; to: string | { pathname: '/'; hash: string } };

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
      { label: 'Waiting list', to: '/waiting-list' },
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
    ],
  },
];

/** The site footer; `children` (the landing page's resource notes) go above the link columns. */
export function SiteFooter({ children }: { children?: ReactNode }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
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
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link
                      to={link.to}
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
