// /seller-approval?token=… (issue 32 §2, decision 053): the seller's or occupant's page for one signed link, no
// account, comfortable at 375 px. Each link does one thing once: Approve, Decline (optional reason), Propose
// another time (the property's open times), or block times ("Not tonight", or a date and a span). The times
// are the server's, in the property's zone, the zone named.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SELLER_APPROVAL_MESSAGES as M, spentLinkNote } from '@keyturn/domain/listing/sellerApprovalTexts';
import type { SellerApprovalView } from '@keyturn/domain/schemas/sellerApproval';
import { MESSAGES } from '@keyturn/domain/messages';
import { SpinnerCircle } from '@/components/ui/spinner';
import { api, ApiError } from '@/lib/api';
import { BookingSummary } from '../components/booking-summary';
import { BrandButton } from '../components/brand-button';
import { ManageLayout } from '../components/managed-booking-layout';
import { formatLongDate } from '../format';

const viewKey = (token: string) => ['seller-approval', token] as const;
type Answer = { status: string; message: string };

const fieldClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]';

export function SellerApprovalPage() {
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
      <ManageLayout title={M.pageTitle}>
        <p role="alert" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {query.error instanceof ApiError && query.error.status !== 404
            ? 'We couldn’t load this request. Please reload the page.'
            : M.linkInvalid}
        </p>
      </ManageLayout>
    );
  }
  if (query.isPending) {
    return (
      <ManageLayout title={M.pageTitle}>
        <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-500">
          <SpinnerCircle size="sm" />
          {MESSAGES.loadingBooking}
        </div>
      </ManageLayout>
    );
  }
  return <ApprovalView view={query.data} token={token} />;
}

/** A spent link says what the answer was and who gave it, or that the showing was cancelled (issue 39 §10). */
function stateNote(view: SellerApprovalView): string | null {
  const note = spentLinkNote({
    action: view.action,
    status: view.status,
    linkUsed: view.link_used,
    answeredBy: view.answered_by,
    bookingStatus: view.booking_status,
    cancelledBy: view.cancelled_by,
  });
  // A block link still blocks times after the request was answered, until it is used itself.
  return view.action === 'block' && !view.link_used && view.status !== 'expired' ? null : note;
}

function ApprovalView({ view, token }: { view: SellerApprovalView; token: string }) {
  const client = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: object) =>
      api.post<{ data: Answer }>(`/seller-approval/${view.action}`, { token, ...body }).then((r) => r.data),
    onSuccess: (data) => setDone(data.message),
    onError: () => void client.invalidateQueries({ queryKey: viewKey(token) }),
  });
  const note = done ? null : stateNote(view);
  return (
    <ManageLayout title={M.pageTitle}>
      <p className="mb-4 text-sm text-slate-700">
        Hi {view.contact_name.split(/\s+/)[0]}, {view.agent_name} has a showing request for your home.
      </p>
      <BookingSummary
        rows={[
          { label: 'Property', value: view.address },
          { label: 'Requested time', value: `${view.when.date}, ${view.when.time} ${view.when.zone}` },
        ]}
      />
      {send.isError ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {send.error instanceof ApiError && send.error.status > 0 && !send.error.code.startsWith('HTTP_')
            ? send.error.message
            : 'Your answer could not be sent. Please try again.'}
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
          <ActionForm view={view} pending={send.isPending} onSend={(body) => send.mutate(body)} />
        </div>
      )}
    </ManageLayout>
  );
}

function ActionForm({
  view,
  pending,
  onSend,
}: {
  view: SellerApprovalView;
  pending: boolean;
  onSend: (body: object) => void;
}) {
  const spinner = pending ? <SpinnerCircle size="sm" /> : null;
  if (view.action === 'approve') {
    return (
      <BrandButton fullWidth onClick={() => onSend({})} disabled={pending}>
        {spinner}
        {M.approve}
      </BrandButton>
    );
  }
  if (view.action === 'decline') return <DeclineForm pending={pending} onSend={onSend} />;
  if (view.action === 'propose') return <ProposeForm view={view} pending={pending} onSend={onSend} />;
  return <BlockForm view={view} pending={pending} onSend={onSend} />;
}

type FormProps = { pending: boolean; onSend: (body: object) => void };

function DeclineForm({ pending, onSend }: FormProps) {
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSend({ reason: reason.trim() || null });
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <label className="block text-sm font-medium text-slate-800">
        {M.reasonLabel}
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
        {M.reasonHint}
      </p>
      <BrandButton type="submit" fullWidth disabled={pending}>
        {pending ? <SpinnerCircle size="sm" /> : null}
        {M.decline}
      </BrandButton>
    </form>
  );
}

function ProposeForm({ view, pending, onSend }: FormProps & { view: SellerApprovalView }) {
  const dates = [...new Set(view.open_times.map((t) => t.date))];
  const [date, setDate] = useState(dates[0] ?? '');
  const [startsAt, setStartsAt] = useState<string | null>(null);
  if (dates.length === 0) return <p className="text-sm text-slate-700">{M.noOpenTimes}</p>;
  const times = view.open_times.filter((t) => t.date === date);
  return (
    <div className="space-y-4">
      <label className="block text-sm font-medium text-slate-800">
        Date
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
              {formatLongDate(d)}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Time ({view.when.zone})</legend>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {times.map((t) => (
            <button
              key={t.starts_at}
              type="button"
              aria-pressed={startsAt === t.starts_at}
              onClick={() => setStartsAt(t.starts_at)}
              className={`min-h-11 rounded-lg border px-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] ${startsAt === t.starts_at ? 'border-[var(--kt-primary)] bg-[var(--kt-primary)] text-[var(--kt-on-primary)]' : 'border-slate-300 bg-white text-slate-800'}`}
            >
              {t.time}
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
        {M.propose}
      </BrandButton>
    </div>
  );
}

function BlockForm({ view, pending, onSend }: FormProps & { view: SellerApprovalView }) {
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
        {M.notTonight}
      </BrandButton>
      <form onSubmit={submit} className="space-y-4 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-700">Or block a date and times ({view.when.zone}):</p>
        <label className="block text-sm font-medium text-slate-800">
          Date
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
              ['From', start, setStart],
              ['Until', end, setEnd],
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
          {M.block}
        </BrandButton>
      </form>
    </div>
  );
}
