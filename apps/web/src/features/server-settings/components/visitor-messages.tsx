// What visitors sent from the public site, for the people who run the server to read and answer (Server
// settings): one list for the accessibility reports (issue 43) and the sales enquiries — each sender a mailto
// link, each time in the reader's zone with the zone named, the newest N of the total.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { timeZoneName } from '@keyturn/domain/time';
import { formatInstant } from '@/components/ui/format';
import { Spinner } from '@/components/ui/spinner';
import { browserTimeZone } from '@/lib/time-zones';

export interface VisitorMessage {
  id: number;
  name: string | null;
  email: string;
  created_at: string;
  /** Lines above the message (the page a report is about, a company). */
  lines: string[];
  message: string | null;
}

export function VisitorMessages({
  anchor,
  title,
  intro,
  loadingLabel,
  none,
  replySubject,
  noun,
  query,
  summary,
}: {
  anchor: string;
  title: string;
  intro: string;
  loadingLabel: string;
  none: string;
  replySubject: string;
  /** What the total counts, plural ("reports"). */
  noun: string;
  query: UseQueryResult<{ total: number; items: VisitorMessage[] }>;
  /** A line above the list once it has loaded (the waiting list's size). */
  summary?: (data: { total: number; items: VisitorMessage[] }) => ReactNode;
}) {
  const zone = browserTimeZone();
  const headingId = `server-settings-${anchor}`;
  return (
    <section
      id={anchor}
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      {query.isPending ? (
        <Spinner label={loadingLabel} />
      ) : query.isError ? (
        <p className="mt-2 text-sm text-red-700">{query.error.message}</p>
      ) : (
        <>
          {summary ? <p className="mt-3 text-sm text-slate-800">{summary(query.data)}</p> : null}
          {query.data.items.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{none}</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100">
              {query.data.items.map((item) => (
                <li key={item.id} className="py-3 text-sm">
                  <p className="flex flex-wrap gap-x-2 text-slate-600">
                    <span className="font-semibold text-slate-900">{item.name ?? item.email}</span>
                    <a
                      href={`mailto:${item.email}?subject=${encodeURIComponent(replySubject)}`}
                      className="rounded text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                    >
                      {item.email}
                    </a>
                    <span>
                      {formatInstant(item.created_at, zone)} {timeZoneName(zone, new Date(item.created_at))}
                    </span>
                  </p>
                  {item.lines.map((line) => (
                    <p key={line} className="mt-1 text-slate-600">
                      {line}
                    </p>
                  ))}
                  {item.message ? (
                    <p className="mt-1 break-words whitespace-pre-line text-slate-800">{item.message}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {query.data.total > query.data.items.length ? (
            <p className="mt-2 text-sm text-slate-600">
              The newest {query.data.items.length} of {query.data.total} {noun}.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
