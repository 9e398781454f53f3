// Header and footer of the public pages (spec §2.3: navigation Features, Pricing, Join Waiting List).
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { useSession } from '@/lib/auth';

const navLink =
  'whitespace-nowrap rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500';

export function SiteHeader() {
  const { status } = useSession();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-3">
          <Link to="/features" className={`${navLink} hidden sm:inline-flex`}>
            Features
          </Link>
          <Link to="/pricing" className={`${navLink} hidden sm:inline-flex`}>
            Pricing
          </Link>
          {status === 'signed-in' ? (
            <Link to="/dashboard" className={navLink}>
              Dashboard
            </Link>
          ) : (
            <Link to="/sign-in" className={navLink}>
              Sign in
            </Link>
          )}
          <span className="hidden sm:block">
            <ButtonLink to="/waiting-list" size="sm">
              Join Waiting List
            </ButtonLink>
          </span>
        </nav>
      </div>
    </header>
  );
}

const footerLinks = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/waiting-list', label: 'Waiting list' },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>© {new Date().getFullYear()} Keyturn. Showing scheduling for real-estate agents.</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
