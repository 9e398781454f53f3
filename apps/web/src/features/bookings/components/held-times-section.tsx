// Issue 44 "Held times", the agent's side: the times buyers hold right now while they fill in the booking form,
// above the bookings (they are not bookings yet: each ends by itself, or becomes one). Asked again every 30 s;
// nothing is shown when no time is held.
import { useQuery } from '@tanstack/react-query';
import type { HeldTimeView } from '@keyturn/domain/schemas/holds';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { formatClock, timeZoneName } from '@keyturn/domain/time';
import { api } from '@/lib/api';

const WORDS = HOLD_TEXTS.agent;

export function HeldTimesSection({ timeZone }: { timeZone: string | undefined }) {
  const held = useQuery({
    queryKey: ['held-times'],
    queryFn: () => api.get<{ data: HeldTimeView[] }>('/agents/held-times'),
    refetchInterval: 30_000,
    retry: false,
  });
  const list = held.data?.data ?? [];
  if (!timeZone || list.length === 0) return null;
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
  return (
    <section aria-labelledby="held-times-title" className="rounded-xl border border-sky-200 bg-sky-50 p-4">
      <h2 id="held-times-title" className="text-sm font-semibold text-sky-950">
        {WORDS.heading}
      </h2>
      <p className="mt-1 text-sm text-sky-900">{WORDS.intro}</p>
      <ul className="mt-2 space-y-1 text-sm text-sky-950">
        {list.map((h) => (
          <li key={`${h.starts_at}-${h.expires_at}`}>
            {WORDS.line(
              `${day.format(new Date(h.starts_at))}, ${formatClock(h.starts_at, timeZone)} ${timeZoneName(timeZone, new Date(h.starts_at))}`,
              h.property?.address ?? WORDS.consultation,
              formatClock(h.expires_at, timeZone),
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
