// A table as a CSV file the browser downloads (papaparse writes it: quoting, commas, line breaks).
import Papa from 'papaparse';
import { saveBlob } from '@/lib/download';
import type { Cell, Column } from './tables';

export function tableCsv(columns: Column[], rows: Record<string, Cell>[]): string {
  return Papa.unparse(
    {
      fields: columns.map((c) => c.label),
      data: rows.map((row) => columns.map((c) => row[c.key] ?? '')),
    },
    { escapeFormulae: true },
  );
}

export function downloadCsv(fileName: string, csv: string): void {
  saveBlob(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}
