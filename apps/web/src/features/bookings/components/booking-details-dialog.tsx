// One booking's details over the list: when and where, the buyer's contact and answers, and exactly the
// actions the server allows now (`allowed_actions`, `can_reschedule`).
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { BOOKING_ACTION_LABELS, BOOKING_STATUS_LABELS } from '@keyturn/domain/bookingStatus';
import type { BookingAction } from '@keyturn/domain/bookingStatus';
import { budgetRangeFromPrefill } from '@keyturn/domain/budget';
import {
  BUYER_TYPE_LABELS,
  CANCELLED_BY_LABEL,
  INCOME_RANGES,
  budgetRangeLabel,
  incomeRangeLabel,
} from '@keyturn/domain/enums';
import type { BuyerType, IncomeRange } from '@keyturn/domain/enums';
import type { AgentBookingDetail, BookingActionInput } from '@keyturn/domain/schemas/agentBooking';
import { isoDateInZone, timeZoneName } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { purposeLabel, placeLabel } from '@/components/ui/booking-summary';
import { Button } from '@/components/ui/button';
import type { ButtonVariant } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatIsoDate, formatMoney, formatTime } from '@/components/ui/format';
import { Spinner } from '@/components/ui/spinner';
import { BookingStatusBadge } from '@/components/ui/status-badge';
import { BuyerConfirmedMark } from '@/components/ui/booking-summary';
import { useAgentProfile } from '@/lib/agent-profile';
import { useSession } from '@/lib/auth';
import { isNetworkFailure, queueAction } from '@/lib/offline-queue';
import { usePendingAction } from '@/lib/use-offline-queue';
import { OFFLINE_TEXTS } from '@keyturn/domain/offlineTexts';
import { PUSH_TEXTS, type PushIntent } from '@keyturn/domain/push';
import { useBooking, useBookingAction } from '../hooks/use-bookings';
import { ReasonDialog } from './reason-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { BookingConversation } from './booking-conversation';
import { LazyThreadPanel } from '@/components/thread/lazy-thread-panel';
import { TourStopsSection } from './tour-stops-section';
import { SellerApprovalSection } from './seller-approval-section';
import { AccessReleasesSection } from './access-releases-section';

type Step = { kind: 'reason'; action: 'cancel' | 'decline' } | { kind: 'reschedule' } | null;

const variants: Record<BookingAction, ButtonVariant> = {
  confirm: 'primary',
  decline: 'secondary',
  cancel: 'danger-ghost',
  complete: 'primary',
  no_show: 'secondary',
  request_feedback: 'secondary',
};

export function BookingDetailsDialog({
  bookingId,
  intent = null,
  onIntentUsed,
  onClose,
  onOpenBooking,
}: {
  bookingId: string;
  /** The answer a push notification's Approve / Decline asked for, given once the booking is loaded. */
  intent?: PushIntent | null;
  onIntentUsed?: () => void;
  onClose: () => void;
  /** Show another booking instead (the new one after a reschedule, or the original). */
  onOpenBooking: (id: string) => void;
}) {
  const query = useBooking(bookingId);
  const booking = query.data;

  return (
    <Dialog open onClose={onClose} title="Booking details" size="lg">
      {booking ? (
        <BookingDetails
          booking={booking}
          onOpenBooking={onOpenBooking}
          intent={intent}
          onIntentUsed={onIntentUsed}
        />
      ) : query.isError ? (
        <ErrorAlert>We could not load this booking. {query.error.message}</ErrorAlert>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner label="Loading booking" />
        </div>
      )}
    </Dialog>
  );
}

function BookingDetails({
  booking,
  onOpenBooking,
  intent,
  onIntentUsed,
}: {
  booking: AgentBookingDetail;
  onOpenBooking: (id: string) => void;
  intent: PushIntent | null;
  onIntentUsed?: () => void;
}) {
  const act = useBookingAction(booking.id);
  const agent = useAgentProfile();
  const [step, setStep] = useState<Step>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const agentId = useSession().user?.id ?? null;
  const pending = usePendingAction(agentId, booking.id);

  /** Issue 47: with no network, completed / no-show wait on this device and go when it is back. */
  const keepOffline = async (input: BookingActionInput, error: unknown): Promise<boolean> => {
    if (!agentId || !isNetworkFailure(error)) return false;
    if (input.action !== 'complete' && input.action !== 'no_show') return false;
    await queueAction(agentId, {
      bookingId: booking.id,
      bookingLabel: bookingLabel(booking),
      action: input.action,
    });
    toast.success(OFFLINE_TEXTS.pending);
    return true;
  };

  const send = async (input: BookingActionInput) => {
    setFailure(null);
    setDone(null);
    const updated = await act.mutateAsync(input);
    // Asking again leaves the status as it is: say what happened instead (issue 29).
    const message =
      input.action === 'request_feedback'
        ? `Feedback request sent to ${updated.client_email}.`
        : `Booking ${updated.status === 'no_show' ? 'marked as no-show' : updated.status}.`;
    toast.success(message);
    if (input.action === 'request_feedback') setDone(message);
    setStep(null);
  };

  const run = (action: BookingAction) => {
    if (action === 'cancel' || action === 'decline') {
      setStep({ kind: 'reason', action });
      return;
    }
    send({ action }).catch(async (error: unknown) => {
      if (await keepOffline({ action }, error).catch(() => false)) return;
      const message = error instanceof Error ? error.message : 'The booking could not be changed.';
      setFailure(message);
      toast.error(message);
    });
  };

  // A notification's Approve / Decline (issue 47): given once, as if tapped here; answered meanwhile, said so.
  const intentRun = useRef(false);
  useEffect(() => {
    if (!intent || intentRun.current) return;
    intentRun.current = true;
    const action: BookingAction = intent === 'approve' ? 'confirm' : 'decline';
    if (booking.allowed_actions.includes(action)) run(action);
    else setDone(PUSH_TEXTS.alreadyAnswered(BOOKING_STATUS_LABELS[booking.status].toLowerCase()));
    onIntentUsed?.();
    // Once per opened booking: run and the callbacks are this render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intent]);

  const today = agent.data ? isoDateInZone(new Date(), agent.data.timeZone) : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-lg font-semibold text-slate-900">
            {formatIsoDate(booking.booking_date, 'long')} at {formatTime(booking.booking_time)}
          </p>
          <p className="text-sm text-slate-600">
            {placeLabel(booking)}
            {booking.property ? `, ${booking.property.city}` : ''} · times in{' '}
            {timeZoneName(booking.time_zone, new Date(booking.starts_at))}
          </p>
        </div>
        <div className="flex flex-col items-start gap-1.5">
          <BookingStatusBadge status={booking.status} />
          <BuyerConfirmedMark booking={booking} />
        </div>
      </div>

      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      {pending ? (
        <p role="status" aria-label="Pending" className="text-sm text-amber-800">
          {BOOKING_ACTION_LABELS[pending.action]}: {OFFLINE_TEXTS.pending}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-green-700">
          {done}
        </p>
      ) : null}

      {booking.allowed_actions.length > 0 || booking.can_reschedule ? (
        <div role="group" aria-label="Actions" className="flex flex-wrap gap-2">
          {booking.allowed_actions.map((action) => (
            <Button
              key={action}
              variant={variants[action]}
              size="sm"
              // A change waiting on this device for the network: nothing else is sent meanwhile.
              disabled={act.isPending || pending !== null}
              onClick={() => run(action)}
            >
              {BOOKING_ACTION_LABELS[action]}
            </Button>
          ))}
          {booking.can_reschedule ? (
            <Button variant="secondary" size="sm" onClick={() => setStep({ kind: 'reschedule' })}>
              Reschedule
            </Button>
          ) : null}
        </div>
      ) : null}

      <Section title="Buyer">
        <Row label="Name">{booking.client_name}</Row>
        <Row label="E-mail">
          <a
            className="text-blue-700 underline-offset-2 hover:underline"
            href={`mailto:${booking.client_email}`}
          >
            {booking.client_email}
          </a>
        </Row>
        <Row label="Phone">
          <a
            className="text-blue-700 underline-offset-2 hover:underline"
            href={`tel:${booking.client_phone}`}
          >
            {booking.client_phone}
          </a>
        </Row>
        <Row label="Texts">
          {booking.sms_consent ? 'Agreed to texts about this showing' : 'E-mail only (no consent to texts)'}
        </Row>
      </Section>

      {booking.buyer_agent ? (
        // Issue 32 §5: booked by a buyer's agent for the client above.
        <Section title="Buyer's agent">
          <Row label="Name">{booking.buyer_agent.name}</Row>
          <Row label="Brokerage">{booking.buyer_agent.brokerage}</Row>
          <Row label="Licence number">{booking.buyer_agent.licence_number}</Row>
          <Row label="Phone">{booking.buyer_agent.phone}</Row>
          <Row label="E-mail">{booking.buyer_agent.email ?? <NotGiven />}</Row>
        </Section>
      ) : null}

      <Section title="Buyer's answers">
        <Row label="Buyer type">{buyerTypeLabel(booking.buyer_type)}</Row>
        <Row label="Budget range">{budgetLabel(booking.budget_min, booking.budget_max)}</Row>
        <Row label="Income range">{incomeLabel(booking.income_range)}</Row>
        <Row label="Purpose">{purposeLabel(booking)}</Row>
        <Row label="Message">
          {booking.message ? <span className="whitespace-pre-line">{booking.message}</span> : <NotGiven />}
        </Row>
      </Section>

      {booking.reschedule_reason ||
      booking.cancel_reason ||
      booking.cancelled_by ||
      booking.rescheduled_from_id ? (
        <Section title="History">
          {booking.rescheduled_from_id ? (
            <Row label="Rescheduled from">
              <button
                type="button"
                onClick={() => onOpenBooking(booking.rescheduled_from_id ?? '')}
                className="text-blue-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              >
                The original booking
              </button>
            </Row>
          ) : null}
          {booking.reschedule_reason ? (
            <Row label="Reschedule reason">{booking.reschedule_reason}</Row>
          ) : null}
          {booking.cancelled_by ? (
            <Row label="Cancelled by">{CANCELLED_BY_LABEL[booking.cancelled_by]}</Row>
          ) : null}
          {booking.cancel_reason ? <Row label="Reason given">{booking.cancel_reason}</Row> : null}
        </Section>
      ) : null}

      {booking.tour ? (
        <TourStopsSection tour={booking.tour} currentId={booking.id} onOpenBooking={onOpenBooking} />
      ) : null}

      <SellerApprovalSection bookingId={booking.id} />
      {booking.property ? <AccessReleasesSection bookingId={booking.id} /> : null}

      <BookingConversation bookingId={booking.id} />
      {/* Issue 45: the showing's conversation with the buyer's side (and the sellers, where allowed). */}
      <LazyThreadPanel
        where={{ kind: 'booking', bookingId: booking.id }}
        keepOffline={
          agentId
            ? async (body, error) => {
                if (!isNetworkFailure(error)) return false;
                await queueAction(agentId, {
                  bookingId: booking.id,
                  bookingLabel: bookingLabel(booking),
                  action: 'message',
                  body,
                });
                return true;
              }
            : undefined
        }
      />

      {step?.kind === 'reason' ? (
        <ReasonDialog booking={booking} action={step.action} onClose={() => setStep(null)} onSubmit={send} />
      ) : null}
      {step?.kind === 'reschedule' ? (
        <RescheduleDialog
          booking={booking}
          agentId={agent.data?.id ?? null}
          today={today}
          onClose={() => setStep(null)}
          onRescheduled={(moved) => {
            setStep(null);
            onOpenBooking(moved.id);
          }}
        />
      ) : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-3 py-2.5 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function NotGiven() {
  return <span className="text-slate-400">Not given</span>;
}

function buyerTypeLabel(type: string): ReactNode {
  return BUYER_TYPE_LABELS[type as BuyerType] ?? (type || <NotGiven />);
}

function budgetLabel(min: number | null, max: number | null): ReactNode {
  const range = budgetRangeFromPrefill(min, max);
  if (range) return budgetRangeLabel(range);
  if (min !== null && max !== null) return `${formatMoney(min)} - ${formatMoney(max)}`;
  if (min !== null) return `${formatMoney(min)}+`;
  if (max !== null) return `Up to ${formatMoney(max)}`;
  return <NotGiven />;
}

function incomeLabel(range: string | null): ReactNode {
  if (!range) return <NotGiven />;
  return (INCOME_RANGES as readonly string[]).includes(range)
    ? incomeRangeLabel(range as IncomeRange)
    : range;
}

/** What the agent knows a booking by in an offline refusal ("Alex Buyer — December 4, 2026 2:00 PM"). */
function bookingLabel(booking: AgentBookingDetail): string {
  return `${booking.client_name} — ${formatIsoDate(booking.booking_date, 'long')} ${formatTime(booking.booking_time)}`;
}
