// An address the app does not have (issue 29): the server answers it with 404 and this page, not the
// landing page as if the address were right.
import { Link } from 'react-router';
import { CenteredPage } from '@/components/centered-page';

export function NotFoundPage() {
  return (
    <CenteredPage>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-3 text-slate-600">
        There is no page at this address. Check the link you followed, or start from the home page.
      </p>
      <Link
        to="/"
        className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-blue-600 px-4 font-semibold text-white hover:bg-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
      >
        Go to the home page
      </Link>
    </CenteredPage>
  );
}
