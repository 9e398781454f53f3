// Issue 44 "Waitlist", the agent's side: the buyers waiting for a time to open on a property's date, by date,
// property and place in line, with the time offered to the first one and until when it is held for them. The
// agent may take a buyer still in line off the list.
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryView } from '@keyturn/domain/schemas/timeWaitlist';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import {
  DAY_PART_LABELS,
  IN_LINE_STATUSES,
  WAITLIST_STATUS_LABELS,
  WAITLIST_TEXTS,
} from '@keyturn/domain/slots/waitlist';
import { formatClock, timeZoneName } from '@keyturn/domain/time';
import { Button } from '@/components/ui/button';
import { formatIsoDate } from '@/components/ui/format';
import { StatusPill } from '@/components/ui/status-badge';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';

const WORDS = WAITLIST_TEXTS.agent;
const entriesKey = ['waitlist-entries'] as const;
const TONES: Partial<Record<WaitlistEntryView['status'], string>> = {
  waiting: 'bg-amber-50 text-amber-800 ring-amber-200',
  offered: 'bg-sky-50 text-sky-800 ring-sky-200',
  booked: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
};

export function WaitlistSection({ timeZone }: { timeZone: string | undefined }) {
  const client = useQueryClient();
  const entries = useQuery({
    queryKey: entriesKey,
    queryFn: () => api.get<{ data: WaitlistEntryView[] }>('/waitlist-entries').then((r) => r.data),
    retry: false,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/waitlist-entries/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success(WORDS.removed),
    onError: () => toast.error(WORDS.removeFailed),
    onSettled: () => client.invalidateQueries({ queryKey: entriesKey }),
  });
  if (!entries.data) return null;
  const list = [...entries.data].sort(byDateThenPlace);
  return (
    <section
      aria-labelledby="waitlist-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="waitlist-title" className="text-sm font-semibold text-slate-900">
        {WORDS.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{WORDS.intro}</p>
      {list.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{WORDS.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {list.map((entry) => (
            <Entry
              key={entry.id}
              entry={entry}
              timeZone={timeZone}
              removing={remove.isPending && remove.variables === entry.id}
              onRemove={() => remove.mutate(entry.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function Entry({
  entry,
  timeZone,
  removing,
  onRemove,
}: {
  entry: WaitlistEntryView;
  timeZone: string | undefined;
  removing: boolean;
  onRemove: () => void;
}) {
  const buyerId = useId();
  const inLine = (IN_LINE_STATUSES as readonly string[]).includes(entry.status);
  const { offer } = entry;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="font-medium text-slate-900">{entry.property.address}</p>
        <p className="text-slate-700">
          {[
            formatIsoDate(entry.date),
            DAY_PART_LABELS[entry.part],
            entry.place === null ? null : `#${entry.place}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p id={buyerId} className="break-words text-slate-700">
          {[entry.client_name, entry.client_email, entry.client_phone].join(' · ')}
        </p>
        <p className="flex flex-wrap items-center gap-2">
          <StatusPill tone={TONES[entry.status] ?? 'bg-slate-100 text-slate-700 ring-slate-200'}>
            {WAITLIST_STATUS_LABELS[entry.status]}
          </StatusPill>
          {offer && timeZone ? (
            <span className="text-slate-600">
              {HOLD_TEXTS.agent.line(
                `${formatClock(offer.starts_at, timeZone)} ${timeZoneName(timeZone, new Date(offer.starts_at))}`,
                entry.client_name,
                formatClock(offer.expires_at, timeZone),
              )}
            </span>
          ) : null}
        </p>
      </div>
      {inLine ? (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start"
          aria-describedby={buyerId}
          disabled={removing}
          aria-busy={removing || undefined}
          onClick={onRemove}
        >
          {WORDS.remove}
        </Button>
      ) : null}
    </li>
  );
}

/** By date, then property, then place in line (those no longer in line last). */
function byDateThenPlace(a: WaitlistEntryView, b: WaitlistEntryView): number {
  return (
    a.date.localeCompare(b.date) ||
    a.property.address.localeCompare(b.property.address) ||
    (a.place ?? Number.MAX_SAFE_INTEGER) - (b.place ?? Number.MAX_SAFE_INTEGER) ||
    a.joined_at.localeCompare(b.joined_at)
  );
}
