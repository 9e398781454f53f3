// The overview's notice while a connected calendar needs reconnecting (its grant was revoked or expired):
// buyers are still offered times from the last busy times; the link opens Settings → Calendars.
import { Link } from '@/lib/router';
import { CALENDAR_TEXTS } from '@keyturn/domain/schemas/integrations';
import { ErrorAlert } from '@/components/ui/alert';
import { useCalendarIntegrations } from '@/lib/calendar-integrations';

export function CalendarReconnectNotice() {
  const integrations = useCalendarIntegrations();
  const count = integrations.data?.needs_reconnect_count ?? 0;
  if (count === 0) return null;
  return (
    <ErrorAlert>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold">
            {count === 1 ? 'A calendar needs reconnecting.' : `${count} calendars need reconnecting.`}
          </p>
          <p className="mt-0.5">{CALENDAR_TEXTS.needsReconnect}</p>
        </div>
        <Link
          to="/dashboard/settings?tab=calendars"
          className="inline-flex min-h-9 shrink-0 items-center rounded-lg bg-red-700 px-3 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2"
        >
          Reconnect
        </Link>
      </div>
    </ErrorAlert>
  );
}
