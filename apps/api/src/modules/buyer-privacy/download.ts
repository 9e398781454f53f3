// Issue 46 (decision 091): the "Your data" download — the page's JSON as it is, or a CSV with one row per piece
// of data: section, date, field, value (RFC 4180 quoting; a value starting with = + - @ is prefixed with ' so a
// spreadsheet never runs it as a formula).
import type { YourData } from '@keyturn/domain/schemas/privacy';
import { csvText } from '../core/csv';

type Row = [section: string, date: string, field: string, value: string];

function rowsOf(section: string, date: string, item: Record<string, unknown>): Row[] {
  return Object.entries(item).flatMap(([field, value]): Row[] => {
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) {
      return value.flatMap((v, i) =>
        v && typeof v === 'object'
          ? rowsOf(
              section,
              date,
              Object.fromEntries(Object.entries(v).map(([k, x]) => [`${field}[${i}].${k}`, x])),
            )
          : [[section, date, `${field}[${i}]`, String(v)] as Row],
      );
    }
    return [[section, date, field, String(value)]];
  });
}

export function yourDataCsv(data: YourData): string {
  const rows: Row[] = [
    ['about', data.generated_at, 'email', data.email],
    ['about', data.generated_at, 'agent', data.agent.name],
    ...(data.agent.company ? [['about', data.generated_at, 'company', data.agent.company] as Row] : []),
    ...data.bookings.flatMap((b) => rowsOf('booking', b.starts_at, b)),
    ...data.feedback.flatMap((f) => rowsOf('feedback', f.given_at, f)),
    ...data.messages.flatMap((m) => rowsOf('message', m.at, m)),
    ...data.consents.flatMap((c) => rowsOf('consent', c.at, c)),
    ...(data.lead ? rowsOf('lead', data.generated_at, data.lead) : []),
    ...data.waitlist.flatMap((w) => rowsOf('waitlist', w.joined_at, w)),
    ...data.document_requests.flatMap((d) => rowsOf('document_request', d.requested_at, d)),
    ...(data.request ? rowsOf('privacy_request', data.request.received_at, data.request) : []),
  ];
  return csvText(['section', 'date', 'field', 'value'], rows);
}

/** The attachment's file name: the date and nothing about the buyer. */
export function downloadFileName(now: Date, format: 'json' | 'csv'): string {
  return `your-data-${now.toISOString().slice(0, 10)}.${format}`;
}
