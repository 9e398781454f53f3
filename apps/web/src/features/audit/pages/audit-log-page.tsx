// Issue 46 "Audit log" (Enterprise, decision 092): /dashboard/audit-log — who changed what, when and from where,
// 90 days back, with filters, older entries page by page, and the CSV download. A plan without it shows the
// upgrade hint; a team's plain member is told the log is the owners' and admins'.
import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { AUDIT_TEXTS } from '@keyturn/domain/audit';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { UpgradeHint } from '@/components/ui/upgrade-hint';
import { useAgentProfile } from '@/lib/agent-profile';
import { ApiError } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import { auditQuery, fetchAuditCsv, fetchAuditPage, NO_FILTERS, type AuditFilters } from '../api';
import { AuditFiltersForm } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';

export function AuditLogPage() {
  const profile = useAgentProfile();
  const timeZone = profile.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [downloading, setDownloading] = useState(false);
  const log = useInfiniteQuery({
    queryKey: ['audit-log', filters, timeZone],
    queryFn: ({ pageParam }) => fetchAuditPage(auditQuery(filters, timeZone, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: profile.isSuccess,
  });
  const error = log.error instanceof ApiError ? log.error : null;

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob('audit-log.csv', await fetchAuditCsv(auditQuery(filters, timeZone)));
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  const header = <PageHeader title={AUDIT_TEXTS.title} description={AUDIT_TEXTS.intro} />;
  if (error?.code === 'PLAN_UPGRADE_REQUIRED') {
    return (
      <div className="space-y-6">
        {header}
        <UpgradeHint feature="auditLog">{AUDIT_TEXTS.upgrade}</UpgradeHint>
      </div>
    );
  }
  if (error?.code === 'AUDIT_LOG_FORBIDDEN') {
    return (
      <div className="space-y-6">
        {header}
        <ErrorAlert>{AUDIT_TEXTS.membersOnly}</ErrorAlert>
      </div>
    );
  }

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="min-w-0 space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        {header}
        <Button type="button" variant="secondary" onClick={() => void download()} disabled={downloading}>
          {AUDIT_TEXTS.download}
        </Button>
      </div>
      <AuditFiltersForm
        initial={filters}
        onApply={setFilters}
        errors={error?.code === 'VALIDATION_ERROR' ? error.fields : {}}
      />
      {log.isPending ? (
        <Spinner label={AUDIT_TEXTS.title} />
      ) : log.isError && error?.code !== 'VALIDATION_ERROR' ? (
        <ErrorAlert>{AUDIT_TEXTS.loadError}</ErrorAlert>
      ) : entries.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">
          {AUDIT_TEXTS.empty}
        </p>
      ) : (
        <>
          <AuditTable entries={entries} timeZone={timeZone} />
          {log.hasNextPage ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => void log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              {AUDIT_TEXTS.loadMore}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
