// The one CSV writer of every download (CRM export, "Your data", the audit log): papaparse, RFC 4180 quoting,
// CRLF lines, and a value starting with = + - @ (or a tab or CR) prefixed with ' so a spreadsheet never runs it as a
// formula.
import Papa from 'papaparse';

export type CsvValue = string | number | null | undefined;

/** A header line and one line per row, each line ending in CRLF. */
export function csvText(fields: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const body = Papa.unparse(
    {
      fields: [...fields],
      data: rows.map((row) => row.map((v) => (v === null || v === undefined ? '' : v))),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
  return `${body}\r\n`;
}
