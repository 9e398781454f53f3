// Settings → Team (issue 29): the agent's own listings from before the team, to bring into it — chosen
// when the team is created (inside the create form) or later (a card of its own). Moved listings keep their
// bookings, links and history and stay assigned to the agent; the server checks the team's plan and limits.
import { useState } from 'react';
import type { AgentProperty } from '@keyturn/domain/schemas/property';
import { TEAM_PAGE_MESSAGES } from '@keyturn/domain/teamBooking';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useMoveListings, useOwnListings } from '@/lib/team';
import { toast } from '@/lib/toast';
import { teamCard as card } from './team-parts';

/** Checkboxes of the agent's own listings outside the team; nothing when there are none. */
export function ListingChoice({
  listings,
  selected,
  onChange,
}: {
  listings: readonly AgentProperty[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  if (listings.length === 0) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{TEAM_PAGE_MESSAGES.moveListingsTitle}</legend>
      <p className="text-sm text-slate-600">{TEAM_PAGE_MESSAGES.moveListingsBody}</p>
      <ul className="space-y-1">
        {listings.map((listing) => (
          <li key={listing.id}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
              <input
                type="checkbox"
                className="size-5 accent-[var(--kt-primary,#2563eb)]"
                checked={selected.includes(listing.id)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...selected, listing.id] : selected.filter((id) => id !== listing.id),
                  )
                }
              />
              <span className="min-w-0 text-sm text-slate-800">
                {listing.address}
                <span className="text-slate-500">
                  {' '}
                  · {listing.city}, {listing.state}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The later move: the agent's remaining own listings and a button that moves the chosen ones. */
export function MoveListings() {
  const listings = useOwnListings();
  const move = useMoveListings();
  const [selected, setSelected] = useState<number[]>([]);
  const own = listings.data ?? [];
  if (own.length === 0) return null;
  const submit = async () => {
    await move.mutateAsync(selected);
    setSelected([]);
    toast.success(TEAM_PAGE_MESSAGES.movedListings);
  };
  return (
    <section aria-label={TEAM_PAGE_MESSAGES.moveListingsTitle} className={`space-y-3 ${card}`}>
      <ListingChoice listings={own} selected={selected} onChange={setSelected} />
      {move.isError ? <ErrorAlert>{move.error.message}</ErrorAlert> : null}
      <Button
        type="button"
        disabled={selected.length === 0 || move.isPending}
        onClick={() => void submit().catch(() => undefined)}
      >
        {move.isPending ? 'Moving…' : 'Move to the team'}
      </Button>
    </section>
  );
}
