// The landing page's demo (spec §2.3 "demo video"): instead of an embedded video, a short walkthrough played
// over real screenshots of Keyturn (captured from the running app by `npm run screenshots`). It plays on its
// own unless the visitor prefers reduced motion, and can be paused or stepped through at any time.
import { useEffect, useState } from 'react';
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import { useReducedMotion } from '@/lib/reduced-motion';
import { PauseIcon, PlayIcon } from '@/components/marks';

/** How long each step stays on screen while playing. */
const STEP_MS = 4_500;

const STEPS = [
  {
    title: 'Share your link',
    caption: 'A buyer opens your branded booking page and says what they would like to book.',
    address: 'keyturn.app/bookme/dana-whitfield',
    image: '/screenshots/booking-page.jpg',
    alt: 'Keyturn booking page for agent Dana Whitfield of Whitfield Realty, asking the buyer to choose the purpose of the appointment.',
  },
  {
    title: 'The buyer picks a time',
    caption: `Open days and ${APPOINTMENT_MINUTES}-minute times come from your hours, in your time zone.`,
    address: 'keyturn.app/bookme/dana-whitfield',
    image: '/screenshots/calendar.jpg',
    alt: 'The booking calendar with a day picked, its available times listed and one time selected.',
  },
  {
    title: 'It lands on your dashboard',
    caption: 'Requests, today’s schedule and the coming days, in one place.',
    address: 'keyturn.app/dashboard',
    image: '/screenshots/dashboard.jpg',
    alt: 'The Keyturn dashboard overview with pending requests, plan usage and upcoming showings.',
  },
] as const;

export function DemoWalkthrough({ autoPlay }: { autoPlay?: boolean }) {
  const reducedMotion = useReducedMotion();
  const [active, setActive] = useState(0);
  // The visitor's own choice once they make one; until then the preference decides — read on every render, so
  // a server-rendered page (which cannot know it) plays only until the browser's value arrives after hydration.
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const playing = userPlaying ?? autoPlay ?? !reducedMotion;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => setActive((i) => (i + 1) % STEPS.length), STEP_MS);
    return () => window.clearTimeout(timer);
  }, [playing, active]);

  const step = STEPS[active] ?? STEPS[0];
  return (
    <div className="mx-auto max-w-5xl">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-blue-900/10">
        <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
          <span aria-hidden="true" className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
          </span>
          <span className="min-w-0 flex-1 truncate rounded-md bg-white px-3 py-1 text-xs text-slate-600 ring-1 ring-slate-200">
            {step.address}
          </span>
        </div>
        <div className="relative aspect-[16/10] bg-slate-100">
          {STEPS.map((s, i) => (
            <img
              key={s.image}
              src={s.image}
              alt={i === active ? s.alt : ''}
              aria-hidden={i === active ? undefined : true}
              loading="lazy"
              width={1280}
              height={800}
              className={`absolute inset-0 size-full object-cover object-top transition-[opacity,transform] ease-out ${
                i === active
                  ? `opacity-100 ${playing ? 'scale-[1.03] duration-[4500ms]' : 'scale-100 duration-500'}`
                  : 'scale-100 opacity-0 duration-500'
              }`}
            />
          ))}
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-start">
        <button
          type="button"
          onClick={() => setUserPlaying(!playing)}
          className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
        >
          {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
          {playing ? 'Pause walkthrough' : 'Play walkthrough'}
        </button>
        <ol className="grid grid-cols-1 flex-1 gap-3 sm:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title}>
              <button
                type="button"
                aria-current={i === active ? 'step' : undefined}
                onClick={() => setActive(i)}
                className={`w-full rounded-xl border p-3 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
                  i === active ? 'border-blue-600 bg-blue-50' : 'border-slate-200 bg-white hover:bg-slate-50'
                }`}
              >
                <span className="block text-xs font-semibold text-blue-700">Step {i + 1}</span>
                <span className="mt-0.5 block text-sm font-semibold text-slate-900">{s.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{s.caption}</span>
              </button>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
