// Import from a CSV file (issue 34 §2): choose the file, say which column is which (the headings are matched
// for you), check it — the server's dry run says what each row would do, with its problems by line number — then
// import. Importing the same file again changes nothing.
import { useState, type ChangeEvent } from 'react';
import Papa from 'papaparse';
import {
  CSV_FIELD_LABELS,
  CSV_IMPORT_FIELDS,
  CSV_REQUIRED_FIELDS,
  guessCsvMapping,
  MAX_CSV_CHARACTERS,
  type CsvImportField,
  type CsvMapping,
  type ImportResult,
} from '@keyturn/domain/listing/imports';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCsvImport } from './api';
import { ImportRows } from './import-rows';

type Loaded = { name: string; text: string; headings: string[]; sample: string[][] };

const required = (field: CsvImportField) => (CSV_REQUIRED_FIELDS as readonly string[]).includes(field);

export function CsvImport() {
  const [file, setFile] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<CsvMapping>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const run = useCsvImport();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setResult(null);
    setProblem(null);
    if (!chosen) return;
    if (chosen.size > MAX_CSV_CHARACTERS) {
      setFile(null);
      setProblem({ message: 'The file is larger than 200 KB: split it into smaller files.', fields: {} });
      return;
    }
    const text = await chosen.text();
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { preview: 4, skipEmptyLines: true });
    const [headings = [], ...sample] = parsed.data;
    setFile({ name: chosen.name, text, headings, sample });
    setMapping(guessCsvMapping(headings));
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setProblem(null);
    try {
      const answer = await run.mutateAsync({ csv: file.text, mapping, dry_run: dryRun });
      setResult(answer);
      if (!dryRun) {
        toast.success(`${answer.created} added, ${answer.updated} updated, ${answer.unchanged} unchanged.`);
      }
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? { message: error.message, fields: error.fields }
          : { message: 'The file could not be checked. Please try again.', fields: {} },
      );
    }
  };

  const setColumn = (field: CsvImportField, column: string) => {
    setResult(null);
    setMapping((m) => ({ ...m, [field]: column || undefined }));
  };

  return (
    <section
      aria-labelledby="csv-import-title"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="csv-import-title" className="text-lg font-semibold text-slate-900">
        From a CSV file
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A spreadsheet saved as CSV, one listing per row, with a heading row. Rows match your listings by MLS
        number, else by address, so importing the same file again changes nothing.
      </p>
      <label className="mt-4 block text-sm font-medium text-slate-700" htmlFor="csv-file">
        CSV file
      </label>
      <input
        id="csv-file"
        type="file"
        accept=".csv,text/csv"
        onChange={(e) => void choose(e)}
        className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:font-semibold file:text-blue-700 hover:file:bg-blue-100"
      />

      {problem && (
        <div className="mt-4">
          <ErrorAlert>{problem.message}</ErrorAlert>
        </div>
      )}

      {file && (
        <>
          <h3 className="mt-6 text-base font-semibold text-slate-900">Which column is which</h3>
          <p className="mt-1 text-sm text-slate-600">
            {file.name}: {file.headings.length} columns. Fields marked * are needed.
          </p>
          <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
            {CSV_IMPORT_FIELDS.map((field) => (
              <SelectField
                key={field}
                label={`${CSV_FIELD_LABELS[field]}${required(field) ? ' *' : ''}`}
                value={mapping[field] ?? ''}
                error={problem?.fields[`mapping.${field}`]}
                hint={sampleOf(file, mapping[field])}
                onChange={(e) => setColumn(field, e.target.value)}
              >
                <option value="">{required(field) ? 'Choose a column' : 'Not in the file'}</option>
                {file.headings.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
          <div className="mt-5 flex flex-col gap-2 sm:flex-row">
            <Button variant="secondary" disabled={run.isPending} onClick={() => void send(true)}>
              Check the file
            </Button>
            {result?.dry_run && (
              <Button
                disabled={run.isPending || result.created + result.updated === 0}
                onClick={() => void send(false)}
              >
                Import {result.created + result.updated} listings
              </Button>
            )}
          </div>
        </>
      )}

      {result && <ImportRows result={result} />}
    </section>
  );
}

/** "e.g. 12 Elm Street": the column's first value, so the mapping can be checked at a glance. */
function sampleOf(file: Loaded, column: string | undefined): string | undefined {
  if (!column) return undefined;
  const index = file.headings.indexOf(column);
  const value = file.sample.map((row) => row[index]?.trim()).find(Boolean);
  return value ? `e.g. ${value.length > 40 ? `${value.slice(0, 40)}…` : value}` : undefined;
}
