// Issue 45: on a seller's page, the listing's showings' conversations — where the listing agent lets sellers
// write. A showing is chosen (the one a message's link names, ?showing=, else the latest) and its conversation
// shown. Nothing at all where sellers may not take part.
import { useId, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useLocale, useT } from '@/lib/i18n';
import { MANAGE } from '@/features/booking/manage-texts';
import { ThreadPanel, messageTime } from './thread-panel';
import { sellerThread } from './sources';

type SellerThreads = {
  allowed: boolean;
  time_zone: string;
  showings: { booking_id: string; starts_at: string; status: string; messages: number }[];
};

export default function SellerThreads({ token }: { token: string }) {
  const t = useT(MANAGE);
  const { intlLocale } = useLocale();
  const [search] = useSearchParams();
  const selectId = useId();
  const list = useQuery({
    queryKey: ['seller-threads', token],
    queryFn: () =>
      api
        .get<{ success: true; data: SellerThreads }>(`/seller/${encodeURIComponent(token)}/threads`)
        .then((a) => a.data),
    retry: false,
  });
  const [chosen, setChosen] = useState<string | null>(search.get('showing'));
  const data = list.data;
  if (!data?.allowed || data.showings.length === 0) return null;
  const current =
    data.showings.find((s) => s.booking_id === chosen)?.booking_id ?? data.showings[0]!.booking_id;
  return (
    <section className="mt-6 space-y-3 print:hidden">
      <div className="space-y-1">
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
          {t('showing')}
        </label>
        <select
          id={selectId}
          value={current}
          onChange={(e) => setChosen(e.target.value)}
          className="block min-h-6 w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          {data.showings.map((s) => (
            <option key={s.booking_id} value={s.booking_id}>
              {messageTime(s.starts_at, data.time_zone, intlLocale)}
              {s.messages > 0 ? ` · ${t('messageCount', { count: s.messages })}` : ''}
            </option>
          ))}
        </select>
      </div>
      <ThreadPanel key={current} source={sellerThread(token, current)} />
    </section>
  );
}
