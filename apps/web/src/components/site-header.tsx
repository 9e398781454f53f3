// The public pages' header (navigation Features, Pricing, About, sign in / sign up, Join Waiting List — the
// free trial once launched, issue 40; a menu
// on a phone) and their <title> and description. Apart from site-chrome.tsx (which re-exports it) so that
// the landing page's first screen loads the header without the footer (decision 036).
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from '@/lib/router';
import { JoinButton } from '@/components/join-button';
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
          <JoinButton size="sm" />
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
      <JoinButton size="sm" />
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
