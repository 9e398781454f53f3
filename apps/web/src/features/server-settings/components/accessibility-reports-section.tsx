// Issue 43: what visitors reported through the accessibility statement's form, for the people who run the
// server to read and answer (each report's e-mail is a mailto link; the report itself was e-mailed to them too).
import { useQuery } from '@tanstack/react-query';
import { ACCESSIBILITY_TEXTS } from '@keyturn/domain/schemas/accessibility';
import { timeZoneName } from '@keyturn/domain/time';
import { formatInstant } from '@/components/ui/format';
import { Spinner } from '@/components/ui/spinner';
import { browserTimeZone } from '@/lib/time-zones';
import { ACCESSIBILITY_REPORTS_KEY, fetchAccessibilityReports } from '../api';

export function AccessibilityReportsSection() {
  const query = useQuery({ queryKey: ACCESSIBILITY_REPORTS_KEY, queryFn: fetchAccessibilityReports });
  const zone = browserTimeZone();
  return (
    <section
      id="accessibility-reports"
      aria-labelledby="server-settings-accessibility-reports"
      className="scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="server-settings-accessibility-reports" className="text-lg font-semibold text-slate-900">
        {ACCESSIBILITY_TEXTS.sectionTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{ACCESSIBILITY_TEXTS.sectionIntro}</p>
      {query.isPending ? (
        <Spinner label="Loading the accessibility reports" />
      ) : query.isError ? (
        <p className="mt-2 text-sm text-red-700">{query.error.message}</p>
      ) : query.data.reports.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{ACCESSIBILITY_TEXTS.none}</p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-slate-100">
            {query.data.reports.map((report) => (
              <li key={report.id} className="py-3 text-sm">
                <p className="flex flex-wrap gap-x-2 text-slate-600">
                  <span className="font-semibold text-slate-900">{report.name ?? report.email}</span>
                  <a
                    href={`mailto:${report.email}?subject=${encodeURIComponent('Your accessibility report')}`}
                    className="rounded text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                  >
                    {report.email}
                  </a>
                  <span>
                    {formatInstant(report.created_at, zone)} {timeZoneName(zone, new Date(report.created_at))}
                  </span>
                </p>
                {report.page ? <p className="mt-1 text-slate-600">Page: {report.page}</p> : null}
                <p className="mt-1 break-words whitespace-pre-line text-slate-800">{report.message}</p>
              </li>
            ))}
          </ul>
          {query.data.total > query.data.reports.length ? (
            <p className="mt-2 text-sm text-slate-600">
              The newest {query.data.reports.length} of {query.data.total} reports.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
