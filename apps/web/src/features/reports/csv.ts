// A table as a CSV file the browser downloads (papaparse writes it: quoting, commas, line breaks).
import Papa from 'papaparse';
import type { Cell, Column } from './tables';

export function tableCsv(columns: Column[], rows: Record<string, Cell>[]): string {
  return Papa.unparse({
    fields: columns.map((c) => c.label),
    data: rows.map((row) => columns.map((c) => row[c.key] ?? '')),
  });
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
