// The short notes the footer's in-page links point at (spec §2.3: integrations, api, blog, careers, contact,
// help, docs, status), each an honest answer about where things stand today.
import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { WAITLIST } from '@keyturn/domain/constants';
import { isBuilt } from '@keyturn/domain/features';
import type { LandingAnchor } from '@/components/site-chrome';
import { useLaunched } from '@/lib/launch';

const link = 'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800';

/** `launched`: the note's words once the server is launched (issue 40), where `body` speaks of the launch. */
const NOTES: {
  id: Exclude<LandingAnchor, 'features'>;
  title: string;
  body: ReactNode;
  launched?: ReactNode;
}[] = [
  {
    id: 'integrations',
    title: 'Integrations',
    body: (
      <>
        Every confirmation has an Add to calendar button (Google Calendar, or an .ics file for Apple Calendar,
        Outlook and others). Reminders go out by e-mail and, from Professional, by text.{' '}
        {isBuilt('calendar_sync')
          ? 'Two-way Google and Microsoft calendar sync keeps your calendar in step.'
          : 'Two-way Google and Microsoft calendar sync is in development.'}
      </>
    ),
  },
  {
    id: 'api',
    title: 'API',
    body: (
      <>
        Keyturn runs on a documented REST API. Every endpoint is described with OpenAPI and can be browsed at{' '}
        <a href="/api/docs" className={link}>
          /api/docs
        </a>
        .
      </>
    ),
  },
  {
    id: 'blog',
    title: 'Blog',
    body: (
      <>
        No posts yet. We will write here about what we ship on the way to our {WAITLIST.launch} launch; people
        on the{' '}
        <Link to="/waiting-list" className={link}>
          waiting list
        </Link>{' '}
        hear first.
      </>
    ),
    launched: 'No posts yet. We will write here about what we ship.',
  },
  {
    id: 'careers',
    title: 'Careers',
    body: <>We are a small team and not hiring yet. Open roles will be listed here first.</>,
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <>
        Teams and agencies can{' '}
        <Link to="/pricing" className={link}>
          talk to our sales team
        </Link>
        . Questions about your data:{' '}
        <a href="mailto:privacy@keyturn.app" className={link}>
          privacy@keyturn.app
        </a>
        .
      </>
    ),
  },
  {
    id: 'help',
    title: 'Help',
    body: (
      <>
        Start with the questions above. Buyers: your confirmation has a link to reschedule or cancel; for
        anything else, contact the agent you booked with.
      </>
    ),
  },
  {
    id: 'docs',
    title: 'Docs',
    body: (
      <>
        Setting up takes three steps: your profile, your properties, your link. Developers find the API
        reference at{' '}
        <a href="/api/docs" className={link}>
          /api/docs
        </a>
        .
      </>
    ),
  },
  {
    id: 'status',
    title: 'Status',
    body: (
      <>
        A live health check at{' '}
        <a href="/api/health" className={link}>
          /api/health
        </a>{' '}
        says whether the service and its database are up.
      </>
    ),
  },
];

export function Resources() {
  const launched = useLaunched();
  return (
    <section aria-labelledby="resources-title" className="mb-12 border-b border-slate-200 pb-12">
      <h2 id="resources-title" className="text-lg font-semibold text-slate-900">
        Resources
      </h2>
      <div className="mt-6 grid grid-cols-1 gap-x-8 gap-y-8 sm:grid-cols-2 lg:grid-cols-4">
        {NOTES.map((note) => (
          <section key={note.id} id={note.id} aria-labelledby={`${note.id}-title`} className="scroll-mt-24">
            <h3 id={`${note.id}-title`} className="text-sm font-semibold text-slate-900">
              {note.title}
            </h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">
              {(launched && note.launched) || note.body}
            </p>
          </section>
        ))}
      </div>
    </section>
  );
}
