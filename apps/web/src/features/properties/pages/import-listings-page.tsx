// Properties → Import listings (issue 34 §2, decision 058): from the MLS or from a CSV file, and the decisions an
// off-market listing's showings wait for. Lazy: only the dashboard loads it.
import { IMPORT_TEXTS } from '@keyturn/domain/listing/imports';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { CsvImport } from '../import/csv-import';
import { MlsImport } from '../import/mls-import';
import { StatusChanges } from '../import/status-changes';

export function ImportListingsPage() {
  return (
    <>
      <title>{`${IMPORT_TEXTS.title} · Keyturn`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          title={IMPORT_TEXTS.title}
          description="Bring in the listings you already have instead of typing them again."
        />
        <div className="shrink-0">
          <ButtonLink to="/dashboard/properties" variant="secondary">
            Back to properties
          </ButtonLink>
        </div>
      </div>
      <div className="mt-8 space-y-6">
        <StatusChanges />
        <MlsImport />
        <CsvImport />
      </div>
    </>
  );
}
