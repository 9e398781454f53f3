// /seller-approval?token=… (issue 32 §2, decision 053): the seller's or occupant's page for one signed link, no
// account, comfortable at 375 px. Each link does one thing once: Approve, Decline (optional reason), Propose
// another time (the property's open times), or block times ("Not tonight", or a date and a span). The times
// are the server's, in the property's zone, the zone named.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@/lib/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { spentLinkNote } from '@keyturn/domain/listing/sellerApprovalTexts';
import type { SellerApprovalView } from '@keyturn/domain/schemas/sellerApproval';
import { SpinnerCircle } from '@/components/ui/spinner';
import { VISIT } from '@/lib/visit-area';
import { SELLER, type SellerT } from '@/lib/seller-area';
import { api, ApiError } from '@/lib/api';
import { useLocale, useT, useTranslate } from '@/lib/i18n';
import { BookingSummary } from '../components/booking-summary';
import { BrandButton } from '../components/brand-button';
import { ManageLayout } from '../components/managed-booking-layout';
import { LocaleProvider } from '@/lib/locale';

const viewKey = (token: string) => ['seller-approval', token] as const;
type Answer = { status: string; message: string };

/** What the page says once an answer went through (the server's English `message` when the status is unknown). */
function answerText(t: SellerT, action: SellerApprovalView['action'], answer: Answer): string {
  if (action === 'block') return t(answer.status === 'declined' ? 'blockedAndDeclined' : 'blocked');
  if (answer.status === 'approved' || answer.status === 'declined' || answer.status === 'proposed')
    return t(answer.status);
  return answer.message;
}

/** The request's date, time and zone in the page's language (English: as the server wrote them). */
function useWhen(view: SellerApprovalView): SellerApprovalView['when'] {
  const { locale, intlLocale } = useLocale();
  if (locale === 'en') return view.when;
  const at = new Date(view.starts_at);
  const timeZone = view.time_zone;
  return {
    date: new Intl.DateTimeFormat(intlLocale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    }).format(at),
    time: clock(intlLocale, view.starts_at, timeZone),
    zone:
      new Intl.DateTimeFormat(intlLocale, { timeZone, timeZoneName: 'short' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? view.when.zone,
  };
}

/** An instant on the property's clock, e.g. '2:00 p.m.' (a plain space before the day half, as the product writes). */
function clock(intlLocale: string, iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale, { hour: 'numeric', minute: '2-digit', timeZone })
    .format(new Date(iso))
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** '2031-03-04' → 'Tuesday, March 4, 2031' / 'martes, 4 de marzo de 2031'. */
function longDate(intlLocale: string, iso: string): string {
  return new Intl.DateTimeFormat(intlLocale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T12:00:00Z`));
}

const fieldClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]';

function SellerApprovalPageInLocale() {
  const t = useT(SELLER);
  const tv = useT(VISIT);
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() || null;
  const query = useQuery({
    queryKey: viewKey(token ?? ''),
    queryFn: () =>
      api
        .get<{ data: SellerApprovalView }>(`/seller-approval?token=${encodeURIComponent(token ?? '')}`)
        .then((r) => r.data),
    enabled: token !== null,
    staleTime: 0,
    retry: false,
  });
  if (token === null || query.isError) {
    return (
      <ManageLayout title={t('pageTitle')}>
        <p role="alert" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {query.error instanceof ApiError && query.error.status !== 404 ? t('loadFailed') : t('linkInvalid')}
        </p>
      </ManageLayout>
    );
  }
  if (query.isPending) {
    return (
      <ManageLayout title={t('pageTitle')}>
        <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-500">
          <SpinnerCircle size="sm" />
          {tv('loadingBooking')}
        </div>
      </ManageLayout>
    );
  }
  return <ApprovalView view={query.data} token={token} />;
}

/** A spent link says what the answer was and who gave it, or that the showing was cancelled (issue 39 §10). */
function stateNote(view: SellerApprovalView, translate: ReturnType<typeof useTranslate>): string | null {
  const note = spentLinkNote(
    {
      action: view.action,
      status: view.status,
      linkUsed: view.link_used,
      answeredBy: view.answered_by,
      bookingStatus: view.booking_status,
      cancelledBy: view.cancelled_by,
    },
    translate,
  );
  // A block link still blocks times after the request was answered, until it is used itself.
  return view.action === 'block' && !view.link_used && view.status !== 'expired' ? null : note;
}

function ApprovalView({ view, token }: { view: SellerApprovalView; token: string }) {
  const t = useT(SELLER);
  const translate = useTranslate();
  const when = useWhen(view);
  // Issue 43: every answer names the page's language; the seller's later e-mails and texts follow it.
  const { locale } = useLocale();
  const client = useQueryClient();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const send = useMutation({
    mutationFn: (body: object) =>
      api
        .post<{ data: Answer }>(`/seller-approval/${view.action}`, { token, locale, ...body })
        .then((r) => r.data),
    onSuccess: (data) => setAnswer(data),
    onError: () => void client.invalidateQueries({ queryKey: viewKey(token) }),
  });
  // The answer's words in the page's language (a switch after answering re-says it).
  const done = answer ? answerText(t, view.action, answer) : null;
  const note = done ? null : stateNote(view, translate);
  return (
    <ManageLayout title={t('pageTitle')}>
      <p className="mb-4 text-sm text-slate-700">
        {t('greeting', { name: view.contact_name.split(/\s+/)[0], agent: view.agent_name })}
      </p>
      <BookingSummary
        rows={[
          { label: t('property'), value: view.address },
          { label: t('requestedTime'), value: `${when.date}, ${when.time} ${when.zone}` },
        ]}
      />
      {send.isError ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {send.error instanceof ApiError && send.error.status > 0 && !send.error.code.startsWith('HTTP_')
            ? send.error.message
            : t('sendFailed')}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {done}
        </p>
      ) : note ? (
        <p role="status" className="mt-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          {note}
        </p>
      ) : (
        <div className="mt-6">
          <ActionForm
            view={view}
            zone={when.zone}
            pending={send.isPending}
            onSend={(body) => send.mutate(body)}
          />
        </div>
      )}
    </ManageLayout>
  );
}

function ActionForm({
  view,
  zone,
  pending,
  onSend,
}: {
  view: SellerApprovalView;
  zone: string;
  pending: boolean;
  onSend: (body: object) => void;
}) {
  const t = useT(SELLER);
  const spinner = pending ? <SpinnerCircle size="sm" /> : null;
  if (view.action === 'approve') {
    return (
      <BrandButton fullWidth onClick={() => onSend({})} disabled={pending}>
        {spinner}
        {t('approve')}
      </BrandButton>
    );
  }
  if (view.action === 'decline') return <DeclineForm pending={pending} onSend={onSend} />;
  if (view.action === 'propose')
    return <ProposeForm view={view} zone={zone} pending={pending} onSend={onSend} />;
  return <BlockForm view={view} zone={zone} pending={pending} onSend={onSend} />;
}

type FormProps = { pending: boolean; onSend: (body: object) => void };
type ViewProps = { view: SellerApprovalView; zone: string };

function DeclineForm({ pending, onSend }: FormProps) {
  const t = useT(SELLER);
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSend({ reason: reason.trim() || null });
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <label className="block text-sm font-medium text-slate-800">
        {t('reasonLabel')}
        <textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          rows={3}
          aria-describedby="decline-reason-hint"
          className={`${fieldClass} py-2`}
        />
      </label>
      {/* Issue 39 §8: the seller knows who reads it before sending. */}
      <p id="decline-reason-hint" className="text-sm text-slate-600">
        {t('reasonHint')}
      </p>
      <BrandButton type="submit" fullWidth disabled={pending}>
        {pending ? <SpinnerCircle size="sm" /> : null}
        {t('decline')}
      </BrandButton>
    </form>
  );
}

function ProposeForm({ view, zone, pending, onSend }: FormProps & ViewProps) {
  const t = useT(SELLER);
  const { locale, intlLocale } = useLocale();
  const dates = [...new Set(view.open_times.map((slot) => slot.date))];
  const [date, setDate] = useState(dates[0] ?? '');
  const [startsAt, setStartsAt] = useState<string | null>(null);
  if (dates.length === 0) return <p className="text-sm text-slate-700">{t('noOpenTimes')}</p>;
  const times = view.open_times.filter((slot) => slot.date === date);
  return (
    <div className="space-y-4">
      <label className="block text-sm font-medium text-slate-800">
        {t('date')}
        <select
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setStartsAt(null);
          }}
          className={fieldClass}
        >
          {dates.map((d) => (
            <option key={d} value={d}>
              {longDate(intlLocale, d)}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('timeIn', { zone })}</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {times.map((slot) => (
            <button
              key={slot.starts_at}
              type="button"
              aria-pressed={startsAt === slot.starts_at}
              onClick={() => setStartsAt(slot.starts_at)}
              className={`min-h-11 rounded-lg border px-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] ${startsAt === slot.starts_at ? 'border-[var(--kt-primary)] bg-[var(--kt-primary)] text-[var(--kt-on-primary)]' : 'border-slate-300 bg-white text-slate-800'}`}
            >
              {locale === 'en' ? slot.time : clock(intlLocale, slot.starts_at, view.time_zone)}
            </button>
          ))}
        </div>
      </fieldset>
      <BrandButton
        fullWidth
        disabled={pending || startsAt === null}
        onClick={() => startsAt && onSend({ starts_at: startsAt })}
      >
        {pending ? <SpinnerCircle size="sm" /> : null}
        {t('propose')}
      </BrandButton>
    </div>
  );
}

function BlockForm({ view, zone, pending, onSend }: FormProps & ViewProps) {
  const t = useT(SELLER);
  const [date, setDate] = useState(view.today);
  const [start, setStart] = useState('17:00');
  const [end, setEnd] = useState('21:00');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSend({ date, start, end });
  };
  return (
    <div className="space-y-6">
      <BrandButton fullWidth onClick={() => onSend({ tonight: true })} disabled={pending}>
        {t('notTonight')}
      </BrandButton>
      <form onSubmit={submit} className="space-y-4 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">{t('orBlock', { zone })}</p>
        <label className="block text-sm font-medium text-slate-800">
          {t('date')}
          <input
            type="date"
            value={date}
            min={view.today}
            onChange={(e) => setDate(e.target.value)}
            className={fieldClass}
            required
          />
        </label>
        <div className="grid grid-cols-2 gap-3">
          {(
            [
              [t('from'), start, setStart],
              [t('until'), end, setEnd],
            ] as const
          ).map(([label, value, setValue]) => (
            <label key={label} className="block text-sm font-medium text-slate-800">
              {label}
              <input
                type="time"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                className={fieldClass}
                required
              />
            </label>
          ))}
        </div>
        <BrandButton type="submit" variant="outline" fullWidth disabled={pending}>
          {pending ? <SpinnerCircle size="sm" /> : null}
          {t('block')}
        </BrandButton>
      </form>
    </div>
  );
}

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function SellerApprovalPage() {
  return (
    <LocaleProvider>
      <SellerApprovalPageInLocale />
    </LocaleProvider>
  );
}
