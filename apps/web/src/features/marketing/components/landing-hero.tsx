// The landing page's opening (spec §2.3): Join Waiting List, Watch Demo, the sample statistics and a sample
// "today's schedule" with confirmed and pending showings. Once launched (issue 40): the free trial instead of the
// waiting list and the launch date, and no sample statistics.
import { APPOINTMENT_MINUTES, WAITLIST } from '@keyturn/domain/constants';
import { LAUNCH_TEXTS } from '@keyturn/domain/launch';
import { JoinButton } from '@/components/join-button';
import { BookingStatusBadge } from '@/components/ui/status-badge';
import { useLaunched } from '@/lib/launch';
import { AudienceClaims } from './audience-claims';
import { PlayIcon } from '@/components/marks';

const SAMPLE_SCHEDULE = [
  { time: '9:00 AM', address: '1420 Maple Grove Lane', buyer: 'Jordan R.', status: 'confirmed' },
  { time: '10:30 AM', address: '88 Riverside Drive, 12B', buyer: 'Priya S.', status: 'confirmed' },
  { time: '1:00 PM', address: '305 Live Oak Court', buyer: 'Sam & Alex K.', status: 'pending' },
  { time: '3:30 PM', address: '1420 Maple Grove Lane', buyer: 'Morgan T.', status: 'pending' },
] as const;

export function LandingHero({ onWatchDemo }: { onWatchDemo: () => void }) {
  const launched = useLaunched();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-5rem,var(--color-blue-100),transparent)]"
      />
      <div className="relative mx-auto grid grid-cols-1 w-full max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:px-8 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-white px-3 py-1 text-xs font-semibold text-blue-800 shadow-sm">
            <span className="size-1.5 rounded-full bg-blue-600" aria-hidden="true" />
            {launched
              ? LAUNCH_TEXTS.heroBadge
              : `Launching ${WAITLIST.launch} · ${WAITLIST.discountPercent}% off for life on the waiting list`}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl xl:text-[3.5rem] xl:leading-[1.1]"
          >
            Showings that book themselves
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-slate-600 sm:text-xl">
            Keyturn gives you a branded booking page. Buyers pick a {APPOINTMENT_MINUTES}-minute viewing from
            their phone, and you run every showing from one dashboard.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <JoinButton size="lg" launchedLabel={LAUNCH_TEXTS.startTrialLong} />
            <button
              type="button"
              onClick={onWatchDemo}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
            >
              <PlayIcon className="size-5 text-blue-600" />
              Watch Demo
            </button>
          </div>
          <AudienceClaims
            className="mt-10 grid max-w-lg grid-cols-3 gap-4"
            valueClassName="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          />
        </div>

        <figure className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-blue-900/10 sm:p-6">
          <figcaption className="flex items-center justify-between gap-3">
            <span className="text-base font-semibold text-slate-900">Today’s schedule</span>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600">
              Sample
            </span>
          </figcaption>
          <ul className="mt-4 space-y-3">
            {SAMPLE_SCHEDULE.map((item) => (
              <li
                key={`${item.time}-${item.address}`}
                className="flex items-center gap-3 rounded-xl border border-slate-100 bg-slate-50 p-3 sm:gap-4"
              >
                <span className="w-16 shrink-0 text-sm font-semibold text-slate-900 sm:w-20">
                  {item.time}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-slate-900">{item.address}</span>
                  <span className="block text-sm text-slate-600">{item.buyer}</span>
                </span>
                <BookingStatusBadge status={item.status} />
              </li>
            ))}
          </ul>
        </figure>
      </div>
    </section>
  );
}
