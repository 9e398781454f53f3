// After a drop to a smaller plan (issue 30): the listings beyond its limit were hidden from booking, nothing
// deleted; here the agent chooses which stay bookable (PUT /api/payments/listings).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES } from '@keyturn/domain/billing';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { fetchPlanListings, keepPlanListings } from '../api';

export function KeptListings({ onSaved }: { onSaved: () => void }) {
  const queryClient = useQueryClient();
  const listings = useQuery({ queryKey: ['payments', 'listings'], queryFn: fetchPlanListings });
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const save = useMutation({
    mutationFn: (keep: number[]) => keepPlanListings(keep),
    onSuccess: (answer) => {
      queryClient.setQueryData(['payments', 'listings'], answer);
      setChosen(null);
      toast.success('Your bookable listings are saved.');
      onSaved();
    },
  });
  if (!listings.data || listings.data.limit === null) return null;
  const { limit } = listings.data;
  const selected = chosen ?? new Set(listings.data.listings.filter((l) => l.bookable).map((l) => l.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else if (next.size < limit) next.add(id);
    setChosen(next);
  };
  return (
    <section
      aria-labelledby="kept-listings-heading"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5"
    >
      <h2 id="kept-listings-heading" className="text-base font-semibold text-slate-900">
        {BILLING_MESSAGES.chooseListings(limit)}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {selected.size} of {limit} chosen. The others stay in your account, hidden from booking.
      </p>
      <ul className="mt-3 space-y-2">
        {listings.data.listings.map((listing) => (
          <li key={listing.id}>
            <label className="flex min-h-11 items-center gap-3 rounded-lg bg-white px-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-5"
                checked={selected.has(listing.id)}
                disabled={!selected.has(listing.id) && selected.size >= limit}
                onChange={() => toggle(listing.id)}
              />
              {listing.address}
            </label>
          </li>
        ))}
      </ul>
      {save.isError ? <ErrorAlert>{save.error.message}</ErrorAlert> : null}
      <Button className="mt-4" onClick={() => save.mutate([...selected])} disabled={save.isPending}>
        {save.isPending ? 'Saving…' : BILLING_MESSAGES.keepListings}
      </Button>
    </section>
  );
}
