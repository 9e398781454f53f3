// The booking page's later steps, loaded as the buyer reaches them (issue 18): the first paint needs only the
// page shell, the agent panel and the purpose step. The property list (decision 036), the calendar (date grid,
// time zones), the details form (react-hook-form, the zod details schema, the phone check with
// libphonenumber-js) and the confirmation (.ics, calendar links) each come in their own chunk, warmed on idle
// once the first step shows (prefetchLaterSteps), so moving on does not wait for the network.
//
// A new lazily loaded panel of the booking page (say, an assistant) hooks in here: one more `lazyPart`
// with its import, rendered inside <StepSuspense>, and its loader added to prefetchLaterSteps if the buyer
// is likely to open it.
import { Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { FLOW_PARAMS, isBookingStep } from '@keyturn/domain/bookingFlow';
import type { LazyBookingStep } from '@/app/first-paint-pages';
import { SpinnerCircle } from '@/components/ui/spinner';
import { lazyPage } from '@/app/page-loading';
import { useT } from '@/lib/i18n';
import { whenIdle } from '@/lib/when-idle';
import { BOOKING } from '../texts';

type Loader<M> = () => Promise<M>;

/** One import per chunk, shared by the lazy component and the idle warm-up; a failed load may be retried. */
function once<M>(load: Loader<M>): Loader<M> {
  let pending: Promise<M> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * A step whose chunk loads on first use; once `preload()` has resolved it renders at once, with no Suspense
 * round (lazyPage): so the server, and the browser's hydration of a page the server rendered on that step
 * (preloadFirstSteps), render the step itself — React would otherwise leave the step's server nodes waiting for
 * its code, and an update in the meantime replaces them with the loading placeholder, dropping a tap.
 */
function lazyPart<M, P extends object>(load: Loader<M>, pick: (module: M) => ComponentType<P>) {
  return lazyPage(() => load().then(pick));
}

const loadProperty = once(() => import('./property-step'));
const loadCalendar = once(() => import('./calendar-step'));
const loadTime = once(() => import('./time-step'));
const loadDetails = once(() => import('./details-panel'));
const loadConfirmation = once(() => import('./confirmation-step'));
// Issue 32 / 39 §4: a listing shown by instructions only (rare): not warmed, loaded when one is shown.
const loadInstructions = once(() => import('./instructions-screen'));

export const PropertyStep = lazyPart(loadProperty, (m) => m.PropertyStep);
export const CalendarStep = lazyPart(loadCalendar, (m) => m.CalendarStep);
export const TimeStep = lazyPart(loadTime, (m) => m.TimeStep);
export const TimeGoneStep = lazyPart(loadTime, (m) => m.TimeGoneStep);
export const DetailsPanel = lazyPart(loadDetails, (m) => m.DetailsPanel);
export const ConfirmationStep = lazyPart(loadConfirmation, (m) => m.ConfirmationStep);
export const InstructionsPanel = lazyPart(loadInstructions, (m) => m.InstructionsPanel);

/** The stored result of this tab's booking, checked with the domain's schema (loaded with it). */
export const loadBuyerBookingSchema = once(() =>
  import('@keyturn/domain/schemas/publicBooking').then((m) => m.buyerBookingSchema),
);

/** The domain's builder of the booking request from the form (use-booking-submit), loaded with the form. */
export const loadBookingRequestBuilder = once(() => import('@keyturn/domain/bookingSubmit'));

const STEP_PARTS: Record<LazyBookingStep, { preload: () => Promise<unknown> }> = {
  property_selection: PropertyStep,
  calendar: CalendarStep,
  time: TimeStep,
  details: DetailsPanel,
  confirmation: ConfirmationStep,
};

/**
 * The lazy steps an agent's booking page may show first at this address: a link with ?date= opens on the
 * calendar; a ?step= (a reload, a shared link) names one, or leads to the calendar when the address lacks what
 * that step needs (domain resumeStep). None when it opens on the purpose step (in the page's own chunk).
 */
export function firstStepsOf(search: string | undefined): LazyBookingStep[] {
  const params = new URLSearchParams(search);
  const step = params.get(FLOW_PARAMS.step);
  const steps: LazyBookingStep[] = isBookingStep(step) && step !== 'purpose' ? [step] : [];
  if (step !== 'calendar' && (steps.length > 0 || params.has(FLOW_PARAMS.date))) steps.push('calendar');
  return steps;
}

/**
 * Loads firstStepsOf's steps. The server does it before it renders the page (entry-server.tsx) and the browser
 * before it hydrates it (booking-page.tsx loadBookingPage), so both render the step itself (issue 48, decision
 * 078).
 */
export const preloadFirstSteps = (search: string | undefined): Promise<unknown> =>
  Promise.all(firstStepsOf(search).map((step) => STEP_PARTS[step].preload()));

/**
 * Warms the later steps' chunks when the browser is idle, in the order the buyer meets them: one chunk per idle
 * period, the next after the last has loaded, so no warm-up holds the main thread long enough to delay a tap
 * (issue 48: started together, their preload lists and first runs made one long task). Returns a cancel
 * function for an effect's clean-up.
 */
export function prefetchLaterSteps(): () => void {
  const loaders: Loader<unknown>[] = [
    loadProperty,
    loadCalendar,
    loadTime,
    loadDetails,
    loadBookingRequestBuilder,
    loadConfirmation,
  ];
  let cancelNext: (() => void) | null = null;
  let stopped = false;
  // A failure shows when the step is opened; the warm-up goes on with the next one. Without idle periods
  // (Safari), a chunk every 200 ms.
  const warm = (next: number) => {
    const load = loaders[next];
    if (load && !stopped)
      cancelNext = whenIdle(
        () =>
          void load()
            .then(undefined, () => undefined)
            .then(() => warm(next + 1)),
        200,
      );
  };
  warm(0);
  // Stops the warm-up (a chunk already on its way still arrives).
  return () => {
    stopped = true;
    cancelNext?.();
  };
}

/** Where a lazy step renders: while its chunk loads, a quiet placeholder of a step's height (no jump). */
export function StepSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<StepLoading />}>{children}</Suspense>;
}

export function StepLoading() {
  const t = useT(BOOKING);
  return (
    <div role="status" className="flex min-h-80 flex-col items-center justify-center gap-3 text-slate-500">
      <SpinnerCircle />
      <p className="text-sm">{t('loading')}</p>
    </div>
  );
}
