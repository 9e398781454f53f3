// CSV import (issue 34 §2, decision 058): the file's text and the agent's column mapping; each row is checked by
// the property form's own rules and answered with its line in the file. A row matches the agent's listing with
// the same MLS number, else the same normalised address (street + ZIP), so importing the same file twice
// changes nothing. A dry run (the preview) says what would happen and saves nothing; new listings are counted
// against the plan's room exactly as the real import's insertWithinLimit would.
import Papa from 'papaparse';
import { propertyInputSchema } from '@keyturn/domain/schemas/property';
import {
  CSV_FIELD_LABELS,
  CSV_IMPORT_FIELDS,
  CSV_REQUIRED_FIELDS,
  IMPORT_TEXTS,
  MAX_CSV_ROWS,
  normalisedAddress,
  propertyTypeOf,
  type CsvMapping,
  type ImportResult,
  type ImportRow,
} from '@keyturn/domain/listing/imports';
import type { Db } from '../../db/client';
import { fieldErrors, validationError } from '../../http/errors';
import type { AgentRow } from '../core/agents';
import { propertiesCount, limitContextOf } from '../core/plan-limits';
import { columns } from '../properties/service';
import { changedColumns, limitMessage, ownListings, saveImported, type PropertyRow } from './store';

type ParsedRow = { line: number; cells: Record<string, string> };

/** The file's rows with the line each starts on (a quoted cell may span lines). */
export function parseCsv(text: string): { headings: string[]; rows: ParsedRow[] } {
  const body = text.replace(/^\uFEFF/, '');
  const rows: ParsedRow[] = [];
  let headings: string[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(body, {
    skipEmptyLines: false,
    step: (result) => {
      const end = result.meta.cursor;
      const cells = result.data.map((c) => String(c ?? '').trim());
      if (headings.length === 0) headings = cells;
      else if (cells.some((c) => c !== '') && rows.length <= MAX_CSV_ROWS) {
        rows.push({ line, cells: Object.fromEntries(headings.map((h, i) => [h, cells[i] ?? ''])) });
      }
      line += countLineBreaks(body.slice(start, end));
      start = end;
    },
  });
  return { headings, rows };
}

function countLineBreaks(text: string): number {
  return (text.match(/\r\n|\n|\r/g) ?? []).length;
}

/** 400 naming the mapping's field when a required field has no column or names a column the file lacks. */
function checkMapping(mapping: CsvMapping, headings: string[]): void {
  const fields: Record<string, string> = {};
  for (const field of CSV_IMPORT_FIELDS) {
    const column = mapping[field];
    if (column && !headings.includes(column)) fields[`mapping.${field}`] = IMPORT_TEXTS.unknownColumn;
    else if (!column && (CSV_REQUIRED_FIELDS as readonly string[]).includes(field)) {
      fields[`mapping.${field}`] = IMPORT_TEXTS.requiredColumn(CSV_FIELD_LABELS[field]);
    }
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

const number = (text: string | undefined) => {
  const cleaned = (text ?? '').replace(/[$,\s]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
};

/** One row as the property form's body, checked by its schema: the values, or each field's message. */
function checkRow(cells: Record<string, string>, mapping: CsvMapping) {
  const cell = (field: keyof CsvMapping) => (mapping[field] ? (cells[mapping[field]] ?? '') : '');
  const type = propertyTypeOf(cell('property_type'));
  const parsed = propertyInputSchema.safeParse({
    address: cell('address'),
    city: cell('city'),
    state: cell('state'),
    zip_code: cell('zip_code'),
    price: number(cell('price')),
    bedrooms: number(cell('bedrooms')),
    bathrooms: number(cell('bathrooms')),
    property_type: type ?? cell('property_type'),
  });
  const remarks = cell('remarks').slice(0, 5000) || null;
  const mlsNumber = cell('mls_number').slice(0, 50) || null;
  if (!parsed.success) return { ok: false as const, errors: fieldErrors(parsed.error.issues) };
  return { ok: true as const, data: parsed.data, remarks, mlsNumber };
}

export async function importCsv(
  db: Db,
  agent: AgentRow,
  input: { csv: string; mapping: CsvMapping; dry_run: boolean },
): Promise<ImportResult> {
  const { headings, rows } = parseCsv(input.csv);
  if (rows.length === 0) throw validationError({ csv: IMPORT_TEXTS.noRows });
  if (rows.length > MAX_CSV_ROWS) throw validationError({ csv: IMPORT_TEXTS.tooManyRows });
  checkMapping(input.mapping, headings);

  const mine = await ownListings(db, agent.id);
  const byNumber = new Map(mine.filter((p) => p.mlsNumber).map((p) => [p.mlsNumber!.toLowerCase(), p]));
  const byAddress = new Map(mine.map((p) => [normalisedAddress(p.address, p.zipCode), p]));
  // The preview counts new listings against the room the plan has left, as the import will.
  let room = input.dry_run ? await roomLeft(db, agent) : Infinity;
  const seen = new Map<string, number>();
  const out: ImportRow[] = [];

  for (const { line, cells } of rows) {
    const checked = checkRow(cells, input.mapping);
    const address = cells[input.mapping.address ?? ''] ?? '';
    if (!checked.ok) {
      out.push({ line, outcome: 'error', address, property_id: null, errors: checked.errors });
      continue;
    }
    const { data, remarks, mlsNumber } = checked;
    const key = mlsNumber
      ? `mls:${mlsNumber.toLowerCase()}`
      : `at:${normalisedAddress(data.address, data.zip_code)}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      const message = `The same listing as line ${earlier}`;
      out.push({ line, outcome: 'error', address, property_id: null, errors: { _: message } });
      continue;
    }
    seen.set(key, line);
    const existing: PropertyRow | null =
      (mlsNumber ? byNumber.get(mlsNumber.toLowerCase()) : undefined) ??
      byAddress.get(normalisedAddress(data.address, data.zip_code)) ??
      null;
    const { isPublic, images, ...values } = columns(data);
    const fresh = { ...values, remarks, ...(mlsNumber ? { mlsNumber } : {}) };
    if (input.dry_run) {
      const outcome = existing
        ? Object.keys(changedColumns(existing, fresh)).length > 0
          ? 'updated'
          : 'unchanged'
        : room > 0
          ? 'created'
          : 'over_limit';
      if (outcome === 'created') room -= 1;
      out.push(rowOf(line, address, outcome, existing?.id ?? null));
      continue;
    }
    const saved = await saveImported(
      db,
      agent,
      existing,
      existing ? fresh : { ...fresh, isPublic, images, source: 'csv' },
    );
    out.push(rowOf(line, address, saved.outcome, saved.id));
  }
  return summarise(db, agent, input.dry_run, out);
}

function rowOf(line: number, address: string, outcome: ImportRow['outcome'], id: number | null): ImportRow {
  const errors: Record<string, string> =
    outcome === 'over_limit' ? { limit: 'Not imported: the plan is full' } : {};
  return { line, outcome, address, property_id: id, errors };
}

async function roomLeft(db: Db, agent: AgentRow): Promise<number> {
  const limits = await limitContextOf(db, agent);
  const used = await propertiesCount(db, limits, agent.id);
  const max = limits.plan.maxProperties;
  return max === null ? Infinity : Math.max(0, max - used);
}

async function summarise(db: Db, agent: AgentRow, dryRun: boolean, rows: ImportRow[]): Promise<ImportResult> {
  const count = (o: ImportRow['outcome']) => rows.filter((r) => r.outcome === o).length;
  return {
    dry_run: dryRun,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    failed: count('error'),
    over_limit: count('over_limit'),
    limit_message: await limitMessage(db, agent, count('over_limit')),
    rows,
  };
}
