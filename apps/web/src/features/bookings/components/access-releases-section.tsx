// "Access released" in the agent's booking details (issue 32 §3): who received the listing's access details,
// when, and how (e-mail, the booking page). Nothing for a plan without access release or a booking without
// releases yet apart from the plain "Not released yet." when the call answers.
import { useQuery } from '@tanstack/react-query';
import { ACCESS_TEXTS, type AccessRelease } from '@keyturn/domain/listing/access';
import { api } from '@/lib/api';

export function AccessReleasesSection({ bookingId }: { bookingId: string }) {
  const query = useQuery({
    queryKey: ['booking', bookingId, 'access-releases'],
    queryFn: () => api.get<{ data: AccessRelease[] }>(`/bookings/${bookingId}/access-releases`),
    retry: false,
  });
  if (!query.data) return null;
  const releases = query.data.data;
  return (
    <section aria-labelledby="access-releases-title">
      <h3
        id="access-releases-title"
        className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase"
      >
        {ACCESS_TEXTS.releasesHeading}
      </h3>
      {releases.length === 0 ? (
        <p className="text-sm text-slate-600">{ACCESS_TEXTS.noReleases}</p>
      ) : (
        <ul className="space-y-1 text-sm text-slate-800">
          {releases.map((r) => (
            <li key={`${r.role}-${r.channel}`}>
              {ACCESS_TEXTS.channel[r.channel]} · {r.recipient} ·{' '}
              {new Date(r.released_at).toLocaleString('en-US', {
                month: 'short',
                day: 'numeric',
                hour: 'numeric',
                minute: '2-digit',
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
