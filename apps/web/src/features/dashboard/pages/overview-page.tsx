import { useState, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import { UPCOMING_DAYS_DEFAULT } from '@keyturn/domain/constants';
import { figureLabel, TEAM_FIGURES } from '@keyturn/domain/figures';
import type { AgentBooking } from '@keyturn/domain/schemas/agentBooking';
import {
  showsOnboarding,
  type DashboardSummary,
  type OnboardingMark,
} from '@keyturn/domain/schemas/agentSettings';
import { ErrorAlert } from '@/components/ui/alert';
import { BookingSummary } from '@/components/ui/booking-summary';
import { Button, ButtonLink } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { QrCode, printQr, qrPngDataUrl, qrSvgFile } from '@/components/ui/qr-code';
import { EmptyState } from '@/components/ui/empty-state';
import { formatIsoDate } from '@/components/ui/format';
import { CalendarIcon, CloseIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { UsageBar } from '@/components/ui/usage-bar';
import { useSession, userNames } from '@/lib/auth';
import { FailedMessagesNotice } from '../components/failed-messages-notice';
import { BuyerTexts } from '../components/buyer-texts';
import { CalendarReconnectNotice } from '../components/calendar-reconnect-notice';
import { PaymentFailedBanner } from '@/components/payment-failed-banner';
import { usePlan } from '@/lib/plan';
import { useDashboard, useMarkOnboarding } from '../hooks/use-dashboard';

/** Issue 30: a failed payment's banner (nothing while billing is fine). */
function PaymentNotice() {
  const { plan, billing } = usePlan(true);
  return <PaymentFailedBanner billing={billing} plan={plan} />;
}

/**
 * The dashboard's index (spec §2.2): today's showings, the next days, this month's bookings against the
 * plan, pending requests, and the agent's booking link — with the first steps for a new agent.
 */
export function DashboardOverviewPage() {
  const dashboard = useDashboard();
  // The session's name: the agent profile is asked for by the shell, 500 ms after the user appears (spec §9).
  const session = useSession();
  const firstName = session.user ? userNames(session.user).firstName : '';

  return (
    <>
      <title>Dashboard · Keyturn</title>
      <PageHeader
        title="Dashboard"
        description={firstName ? `Welcome back, ${firstName}. Here is your day.` : 'Here is your day.'}
      />
      <div className="mt-6 space-y-3 empty:hidden">
        <PaymentNotice />
        <FailedMessagesNotice />
        <CalendarReconnectNotice />
      </div>
      <div className="mt-8">
        {dashboard.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading your dashboard" />
          </div>
        ) : dashboard.isError ? (
          <div className="space-y-3">
            <ErrorAlert>We could not load your dashboard. {dashboard.error.message}</ErrorAlert>
            <Button variant="secondary" onClick={() => void dashboard.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Overview summary={dashboard.data} />
        )}
      </div>
    </>
  );
}

/**
 * The overview's figures (domain figures.ts): the caller's own, and the team's labelled as the team's; the
 * plan limit's bar on the figure whose scope the limit counts (the team's on a team whose plan has teams).
 */
function figureRows({ figures, usage }: DashboardSummary) {
  const rows: { key: string; label: string; value: number; limit?: number | null }[] = [];
  const scopes = [
    ['own', figures.own],
    ...(figures.team ? ([['team', figures.team]] as const) : []),
  ] as const;
  for (const [scope, counts] of scopes) {
    for (const id of TEAM_FIGURES) {
      const limited = usage.scope === scope;
      rows.push({
        key: `${scope}-${id}`,
        label: figureLabel(id, { scope }),
        value: counts[id],
        ...(limited ? { limit: usage[id].limit } : {}),
      });
    }
  }
  return rows;
}

function Overview({ summary }: { summary: DashboardSummary }) {
  const { figures } = summary;
  const mark = useMarkOnboarding();
  const linkShared = () => {
    if (!summary.onboarding.link) mark.mutate('link');
  };

  return (
    <div className="space-y-6">
      {showsOnboarding(summary.onboarding) ? (
        <GettingStarted summary={summary} onMark={(m) => mark.mutate(m)} onLinkShared={linkShared} />
      ) : null}

      <div className="grid gap-4 md:grid-cols-3">
        <Card title={figureLabel('pendingRequests')}>
          <p className="text-3xl font-bold text-slate-900 tabular-nums">{figures.own.pendingRequests}</p>
          <Link
            to="/dashboard/bookings?status=pending"
            className="mt-2 inline-flex text-sm font-semibold text-blue-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          >
            {figures.own.pendingRequests === 0 ? 'See all bookings' : 'Review pending requests'}
          </Link>
        </Card>
        <Card title={figures.team ? 'Yours and your team’s' : 'Your figures'}>
          <div className="space-y-4">
            {figureRows(summary).map((row) =>
              row.limit === undefined ? (
                <div key={row.key} className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-medium text-slate-700">{row.label}</span>
                  <span className="font-semibold text-slate-900 tabular-nums">{row.value}</span>
                </div>
              ) : (
                <UsageBar key={row.key} label={row.label} used={row.value} limit={row.limit} />
              ),
            )}
          </div>
          <Link
            to="/dashboard/subscription"
            className="mt-3 inline-flex text-sm font-semibold text-blue-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          >
            Plan and limits
          </Link>
        </Card>
        <Card title="Your booking link">
          <BookingLink url={summary.bookingUrl} onShared={linkShared} />
        </Card>
      </div>

      <Link
        to="/dashboard/day"
        className="inline-flex text-sm font-semibold text-blue-700 underline-offset-2 hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        My day: your showings on a map, drive times and the shortest order →
      </Link>
      <div className="grid gap-6 lg:grid-cols-2">
        <BookingsCard
          title="Today's schedule"
          bookings={summary.today}
          showDate={false}
          emptyTitle="No showings today"
          emptyText="Showings booked for today appear here."
        />
        <BookingsCard
          title={`Next ${UPCOMING_DAYS_DEFAULT} days`}
          bookings={summary.upcoming}
          emptyTitle={`Nothing in the next ${UPCOMING_DAYS_DEFAULT} days`}
          emptyText="Share your booking link to get requests."
        />
      </div>
      <BuyerTexts />
    </div>
  );
}

/**
 * The first steps, each ticked when the server says it is true; the card goes once all three are done or the
 * agent dismisses it.
 */
function GettingStarted({
  summary,
  onMark,
  onLinkShared,
}: {
  summary: DashboardSummary;
  onMark: (mark: OnboardingMark) => void;
  onLinkShared: () => void;
}) {
  const { property, hours, link } = summary.onboarding;
  return (
    <section
      aria-labelledby="getting-started-heading"
      className="rounded-xl border border-blue-200 bg-blue-50/60 p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="getting-started-heading" className="text-base font-semibold text-slate-900">
          Get ready for your first booking
        </h2>
        <button
          type="button"
          onClick={() => onMark('dismissed')}
          aria-label="Dismiss the first steps"
          className="-mt-1 -mr-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-white hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          <CloseIcon />
        </button>
      </div>
      <ol className="mt-3 space-y-3">
        <Step done={property} number={1} title="Add a property">
          {property
            ? 'Done. Each property has its own booking link.'
            : 'Buyers book viewings of your listings.'}
          {property ? null : (
            <ButtonLink to="/dashboard/properties" size="sm" variant="secondary" className="mt-2">
              Add a property
            </ButtonLink>
          )}
        </Step>
        <Step done={hours} number={2} title="Set your hours">
          {hours ? (
            'Done. Buyers see only the times you are available.'
          ) : (
            <>
              Choose the days and times buyers can book, or keep Monday to Friday, 9:00 to 17:00.
              <span className="mt-2 flex flex-wrap gap-2">
                <ButtonLink to="/dashboard/settings?tab=availability" size="sm" variant="secondary">
                  Set your hours
                </ButtonLink>
                <Button size="sm" variant="ghost" onClick={() => onMark('hours')}>
                  Keep these hours
                </Button>
              </span>
            </>
          )}
        </Step>
        <Step done={link} number={3} title="Share your link">
          {link ? 'Done. Your link is out there.' : 'Send it to buyers or put it on your website.'}
          {link ? null : (
            <div className="mt-2">
              <CopyButton
                text={summary.bookingUrl}
                label="Copy your link"
                accessibleLabel="Copy your booking link"
                onCopied={onLinkShared}
              />
            </div>
          )}
        </Step>
      </ol>
    </section>
  );
}

function Step({
  number,
  title,
  done = false,
  children,
}: {
  number: number;
  title: string;
  done?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className={`inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
          done ? 'bg-emerald-600 text-white' : 'bg-white text-blue-700 ring-1 ring-blue-200'
        }`}
      >
        {done ? '✓' : number}
      </span>
      <div className="min-w-0 text-sm text-slate-700">
        <p className="font-semibold text-slate-900">
          {title}
          {done ? <span className="sr-only"> (done)</span> : null}
        </p>
        <div className="flex flex-col items-start">{children}</div>
      </div>
    </li>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-3 text-sm font-semibold text-slate-500">{title}</h2>
      {children}
    </section>
  );
}

function BookingLink({ url, onShared }: { url: string; onShared: () => void }) {
  const [showQr, setShowQr] = useState(false);
  return (
    <div className="space-y-3">
      <Dialog open={showQr} onClose={() => setShowQr(false)} title="Your booking link as a QR code" size="sm">
        <div className="flex flex-col items-center gap-3">
          <QrCode value={url} label="QR code for your booking link" size={220} />
          <p className="text-center text-sm text-slate-600">
            Buyers scan it with their phone camera to open your booking page. Put it on flyers, yard signs and
            open-house sheets.
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <a
              href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvgFile(url))}`}
              download="booking-link-qr.svg"
              className="inline-flex min-h-9 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            >
              Download SVG
            </a>
            <Button variant="secondary" size="sm" onClick={() => void downloadPng(url)}>
              Download PNG
            </Button>
            <Button variant="secondary" size="sm" onClick={() => printQr(url)}>
              Print
            </Button>
          </div>
        </div>
      </Dialog>
      <p className="truncate rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs text-slate-700" title={url}>
        {url}
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={url} accessibleLabel="Copy your booking link" onCopied={onShared} />
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setShowQr(true);
            onShared();
          }}
        >
          QR code
        </Button>
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          aria-label="Open your booking page in a new tab"
          className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-semibold text-blue-700 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          Open
        </a>
      </div>
    </div>
  );
}

function BookingsCard({
  title,
  bookings,
  emptyTitle,
  emptyText,
  showDate = true,
}: {
  title: string;
  bookings: readonly AgentBooking[];
  emptyTitle: string;
  emptyText: string;
  showDate?: boolean;
}) {
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {!showDate && bookings[0] ? (
          <span className="text-sm text-slate-500">{formatIsoDate(bookings[0].booking_date)}</span>
        ) : null}
      </div>
      {bookings.length === 0 ? (
        <div className="p-4">
          <EmptyState icon={<CalendarIcon />} title={emptyTitle}>
            {emptyText}
          </EmptyState>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <Link
                to={`/dashboard/bookings?booking=${encodeURIComponent(booking.id)}`}
                className="flex px-5 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-inset"
              >
                <BookingSummary booking={booking} showDate={showDate} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Saves the booking link's QR code as a 1024 px PNG (for flyers and print). */
async function downloadPng(url: string) {
  try {
    const link = document.createElement('a');
    link.href = await qrPngDataUrl(url);
    link.download = 'booking-link-qr.png';
    link.click();
  } catch {
    toast.error('The PNG could not be made in this browser. Download the SVG instead.');
  }
}
