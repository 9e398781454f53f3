// Issue 44 "Open houses with capacity", the agent's side: the open houses still to come, soonest first — the
// property, the date and window on the open house's clock, how many registered of how many places, each 30-minute
// time with what is taken and left and who registered for it. The agent schedules one (a dialog, its own chunk)
// and cancels one after a confirmation: the server tells everyone registered.
import { lazy, Suspense, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentOpenHouse } from '@keyturn/domain/schemas/openHouses';
import { OPEN_HOUSE_TEXTS } from '@keyturn/domain/slots/openHouse';
import { clockLabel, dateInZone, timeZoneName } from '@keyturn/domain/time';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatIsoDate } from '@/components/ui/format';
import { PlusIcon } from '@/components/ui/icons';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';
import { BOOKINGS_QUERY_KEY } from '../hooks/use-bookings';

const OpenHouseDialog = lazy(() =>
  import('./open-house-dialog').then((m) => ({ default: m.OpenHouseDialog })),
);

const WORDS = OPEN_HOUSE_TEXTS.agent;
const openHousesKey = ['open-houses'] as const;

export function OpenHousesSection({ timeZone }: { timeZone: string | undefined }) {
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<AgentOpenHouse | null>(null);
  const openHouses = useQuery({
    queryKey: openHousesKey,
    queryFn: () => api.get<{ data: AgentOpenHouse[] }>('/open-houses').then((r) => r.data),
    retry: false,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => api.delete(`/open-houses/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast.success(WORDS.cancelled);
      setCancelling(null);
    },
    onError: (error) => toast.error(error.message),
    // Its registrations are bookings (cancelled with it), and its window is free for showings again.
    onSettled: () =>
      Promise.all(
        [openHousesKey, BOOKINGS_QUERY_KEY, ['free-slots']].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
  if (!openHouses.data) return null;
  const list = openHouses.data;
  return (
    <section
      aria-labelledby="open-houses-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="open-houses-title" className="text-sm font-semibold text-slate-900">
            {WORDS.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{WORDS.intro}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start"
          onClick={() => setCreating(true)}
        >
          <PlusIcon className="size-4" />
          {WORDS.create}
        </Button>
      </div>
      {list.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{WORDS.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {list.map((openHouse) => (
            <OpenHouse key={openHouse.id} openHouse={openHouse} onCancel={() => setCancelling(openHouse)} />
          ))}
        </ul>
      )}
      {creating ? (
        <Suspense fallback={null}>
          <OpenHouseDialog timeZone={timeZone} queryKey={openHousesKey} onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={cancelling !== null}
        title={WORDS.cancel}
        confirmLabel={WORDS.cancel}
        danger
        busy={cancel.isPending}
        onConfirm={() => {
          if (cancelling) cancel.mutate(cancelling.id);
        }}
        onCancel={() => setCancelling(null)}
      >
        <p>{WORDS.cancelConfirm}</p>
        {cancelling ? <p className="font-medium text-slate-900">{summary(cancelling)}</p> : null}
      </ConfirmDialog>
    </section>
  );
}

function OpenHouse({ openHouse, onCancel }: { openHouse: AgentOpenHouse; onCancel: () => void }) {
  const summaryId = useId();
  const zone = openHouse.time_zone;
  const taken = openHouse.groups.reduce((sum, group) => sum + group.taken, 0);
  const capacity = openHouse.groups.length * openHouse.groups_per_slot;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p id={summaryId} className="font-medium text-slate-900">
          {summary(openHouse)}
        </p>
        <p className="text-slate-700">{WORDS.registrations(taken, capacity)}</p>
        <ul className="space-y-1" aria-labelledby={summaryId}>
          {openHouse.groups.map((group) => {
            const at = new Date(group.starts_at).getTime();
            const registrants = openHouse.registrants.filter((r) => new Date(r.starts_at).getTime() === at);
            return (
              <li key={group.starts_at} className="text-slate-700">
                <p>
                  <span className="font-medium tabular-nums text-slate-900">
                    {clockLabel(group.starts_at, zone)}
                  </span>
                  {' · '}
                  {WORDS.registrations(group.taken, openHouse.groups_per_slot)}
                  {' · '}
                  {group.left > 0 ? OPEN_HOUSE_TEXTS.public.left(group.left) : OPEN_HOUSE_TEXTS.public.full}
                </p>
                {registrants.length > 0 ? (
                  <ul className="mt-0.5 space-y-0.5 pl-4 text-slate-600">
                    {registrants.map((r) => (
                      <li key={r.booking_id} className="break-words">
                        {[r.client_name, r.client_email, r.client_phone].join(' · ')}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0 self-start"
        aria-describedby={summaryId}
        onClick={onCancel}
      >
        {WORDS.cancel}
      </Button>
    </li>
  );
}

/** The property, the date and the window on the open house's clock, its zone named: one line. */
function summary(openHouse: AgentOpenHouse): string {
  const zone = openHouse.time_zone;
  const start = new Date(openHouse.starts_at);
  return [
    openHouse.property.address,
    formatIsoDate(dateInZone(start, zone)),
    `${clockLabel(start, zone)} – ${clockLabel(openHouse.ends_at, zone)} ${timeZoneName(zone, start)}`,
  ].join(' · ');
}
