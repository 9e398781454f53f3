// The access details on the buyer's manage page (issue 32 §3): asked for separately, shown only while the
// server says the confirmed showing's window is open (from the agent's release time until the showing ends);
// before it, when they will appear. Nothing at all when the listing has none.
import { useQuery } from '@tanstack/react-query';
import { ACCESS_FIELD_LABELS, type AccessDetails } from '@keyturn/domain/listing/access';
import { api } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { DETAILS } from '../details-texts';
import { instantWithDay } from '../format';

type AccessAnswer = { access: AccessDetails | null; available_from: string | null };

export function AccessPanel({
  token,
  agentZone,
  buyerZone,
}: {
  token: string;
  /** The booking's zone (the agent's): the page's times are on its clock, named. */
  agentZone: string;
  buyerZone: string;
}) {
  const query = useQuery({
    queryKey: ['booking', 'manage-access', token],
    queryFn: () => api.get<AccessAnswer>(`/booking/manage/access?token=${encodeURIComponent(token)}`),
    retry: false,
    // The window opens while the page may be open: look again every minute.
    refetchInterval: 60_000,
  });
  const t = useT(DETAILS);
  const data = query.data;
  if (!data || (!data.access && !data.available_from)) return null;
  return (
    <section aria-labelledby="access-heading" className="mt-6 rounded-lg border border-slate-200 p-4">
      <h2 id="access-heading" className="text-base font-semibold text-slate-900">
        {t('accessHeading')}
      </h2>
      {data.access ? (
        <>
          <p className="mt-1 text-sm text-slate-600">{t('accessIntro')}</p>
          <dl className="mt-3 space-y-2 text-sm">
            {ACCESS_FIELD_LABELS.flatMap(([key]) =>
              data.access?.[key]
                ? [
                    <div key={key}>
                      <dt className="text-slate-600">{t(key)}</dt>
                      <dd className="font-medium break-words text-slate-900">{data.access[key]}</dd>
                    </div>,
                  ]
                : [],
            )}
          </dl>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          {t('accessFrom', { when: instantWithDay(data.available_from!, agentZone, buyerZone) })}
        </p>
      )}
    </section>
  );
}
