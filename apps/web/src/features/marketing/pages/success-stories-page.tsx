import { Container, PageHero, PageMeta } from '@/components/site-chrome';
import { LAUNCH_TEXTS } from '@keyturn/domain/launch';
import { JoinButton } from '@/components/join-button';
import { useLaunched } from '@/lib/launch';

const STORIES = [
  {
    name: 'Marisol Avenida',
    role: 'Independent agent, residential · Austin',
    before:
      'Eight listings, a day job’s worth of texts every evening, and buyers who gave up when she answered the next morning.',
    how: [
      'One booking link on every listing ad and a property link in each e-mail',
      'Weekday evenings and Saturday mornings as bookable hours',
      'Manual confirmation, so she approves each request from the dashboard',
    ],
    after:
      'Buyers book at the moment they are interested; her evenings go to the requests that are already waiting, not to finding a time.',
  },
  {
    name: 'Theo Lindqvist',
    role: 'Team lead, growing brokerage · Minneapolis',
    before:
      'Two agents showing the same condo building, and twice a month two buyers at the same door at the same time.',
    how: [
      'A 15-minute buffer between showings to get from one unit to the next',
      'Days off entered once, so the page stops offering them',
      'Reschedule links, so buyers move their own viewing instead of calling',
    ],
    after:
      'Double bookings stop for good: the schedule itself refuses an overlapping request, whoever sends it.',
  },
  {
    name: 'Ngozi Harbourne',
    role: 'Agency owner, commercial · Atlanta',
    before:
      'Out-of-state investors booking viewings by phone across three time zones, and a calendar full of corrections.',
    how: [
      'Her agency’s logo and colour on the booking page',
      'Slots shown in her own time zone, with the zone named on the page',
      'Invitation links that arrive with the investor’s details filled in',
    ],
    after:
      'Investors pick a time that is right the first time, and the confirmation adds it to their own calendar.',
  },
];

/** /success-stories: illustrative stories (fictional agents) of how Keyturn is meant to be used. */
export function SuccessStoriesPage() {
  const launched = useLaunched();
  return (
    <>
      <PageMeta
        title="Success stories · Keyturn"
        description={
          launched
            ? LAUNCH_TEXTS.storiesMetaDescription
            : "Illustrative stories of how real-estate agents use Keyturn's booking pages, availability rules and dashboard. The agents are fictional; Keyturn has not launched yet."
        }
      />
      <PageHero
        eyebrow="Success stories"
        title="How agents work with Keyturn"
        intro="Three agents, three ways of showing properties, one booking link each."
      />
      <Container className="py-14 sm:py-20">
        <p
          role="note"
          className="mx-auto max-w-3xl rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 text-base text-amber-950"
        >
          <strong>Illustrative stories.</strong>{' '}
          {launched
            ? LAUNCH_TEXTS.storiesNote
            : 'Keyturn has not launched yet, so these agents are fictional. Each story only uses features that work in the app today. Real stories will replace them after launch.'}
        </p>
        <ul className="mt-12 space-y-8">
          {STORIES.map((story) => (
            <li key={story.name}>
              <article
                aria-labelledby={`${story.name}-title`.replace(/\s+/g, '-')}
                className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
              >
                <h2
                  id={`${story.name}-title`.replace(/\s+/g, '-')}
                  className="text-2xl font-bold tracking-tight text-slate-900"
                >
                  {story.name}
                </h2>
                <p className="mt-1 text-base text-slate-600">{story.role}</p>
                <div className="mt-8 grid grid-cols-1 gap-8 md:grid-cols-3">
                  <div>
                    <h3 className="text-sm font-semibold tracking-wide text-blue-700 uppercase">Before</h3>
                    <p className="mt-2 text-base leading-7 text-slate-700">{story.before}</p>
                  </div>
                  <div>
                    <h3 className="text-sm font-semibold tracking-wide text-blue-700 uppercase">
                      With Keyturn
                    </h3>
                    <ul className="mt-2 list-disc space-y-2 pl-5 text-base leading-7 text-slate-700">
                      {story.how.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <h3 className="text-sm font-semibold tracking-wide text-blue-700 uppercase">After</h3>
                    <p className="mt-2 text-base leading-7 text-slate-700">{story.after}</p>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
        <div className="mt-14 text-center">
          <JoinButton size="lg" />
        </div>
      </Container>
    </>
  );
}
