// Issue 46 "Buyers' own data" (decision 091): /your-data?token=… — the buyer's signed link from any of their
// e-mails. What the agent holds about them, a download (JSON, CSV) and a request to delete it, which says who
// decides and by when. A link we did not sign says so (the API answers 404). Mobile first; every control is
// labelled and at least 44 px tall. In the buyer's language (issue 43: the `statement` area, keys data…).
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { YourData } from '@keyturn/domain/schemas/privacy';
import { CenteredPage } from '@/components/centered-page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SpinnerCircle } from '@/components/ui/spinner';
import { api, apiBase, ApiError } from '@/lib/api';
import { COMMON } from '@/lib/common-area';
import { useLocale, useT } from '@/lib/i18n';
import { STATEMENT } from '@/lib/statement-area';
import { DataSections } from '../components/data-sections';
import { longDate } from '../format';
import { LocaleProvider } from '@/lib/locale';

const key = (token: string) => ['your-data', token] as const;

function YourDataPageInLocale() {
  const t = useT(STATEMENT);
  const title = useT(COMMON)('yourData');
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() || null;
  const query = useQuery({
    queryKey: key(token ?? ''),
    queryFn: () =>
      api.get<{ data: YourData }>(`/your-data?token=${encodeURIComponent(token ?? '')}`).then((r) => r.data),
    enabled: token !== null,
    retry: false,
    staleTime: 0,
  });
  let body;
  if (token === null || query.isError) {
    body = (
      <p role="alert" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        {query.error instanceof ApiError && query.error.status !== 404
          ? query.error.message
          : t('dataBadToken')}
      </p>
    );
  } else if (query.isPending) {
    body = (
      <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-500">
        <SpinnerCircle size="sm" />
        {t('dataLoading')}
      </div>
    );
  } else {
    body = <YourDataView data={query.data} token={token} />;
  }
  return (
    <CenteredPage wide>
      <title>{`${title} · Keyturn`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{title}</h1>
      {body}
    </CenteredPage>
  );
}

function YourDataView({ data, token }: { data: YourData; token: string }) {
  const t = useT(STATEMENT);
  const { intlLocale } = useLocale();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  const acted = useRef(false);
  const agent = data.agent.name;
  const zone = data.agent.time_zone;
  const ask = useMutation({
    mutationFn: () =>
      api
        .post<{
          data: {
            status: 'open' | 'completed';
            received_at: string;
            due_at: string;
            completed_at: string | null;
          };
        }>('/your-data/deletion-request', { token })
        .then((r) => r.data),
    onSuccess: (request) => {
      setConfirming(false);
      acted.current = true;
      client.setQueryData(key(token), { ...data, request });
    },
  });
  // Once asked, the focus goes to what the page now says (the button is gone).
  useEffect(() => {
    if (acted.current) said.current?.focus();
  }, [data.request?.status]);
  const download = (format: 'json' | 'csv') =>
    `${apiBase()}/your-data/download?format=${format}&token=${encodeURIComponent(token)}`;
  const request = data.request;
  const link =
    'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2';

  return (
    <div className="space-y-8">
      <div className="space-y-1 text-sm text-slate-700">
        <p>{t('dataIntro', { agent })}</p>
        <p className="text-slate-500">{t('dataForAddress', { email: data.email })}</p>
      </div>
      <DataSections data={data} />
      <section aria-labelledby="your-data-download" className="space-y-2">
        <h2 id="your-data-download" className="text-base font-semibold text-slate-900">
          {t('dataDownload')}
        </h2>
        <div className="flex flex-col gap-2 sm:flex-row">
          <a className={link} href={download('json')} download>
            {t('dataDownloadJson')}
          </a>
          <a className={link} href={download('csv')} download>
            {t('dataDownloadCsv')}
          </a>
        </div>
      </section>
      <section aria-labelledby="your-data-delete" className="space-y-3">
        <h2 id="your-data-delete" className="text-base font-semibold text-slate-900">
          {t('dataDeleteHeading')}
        </h2>
        {request?.status === 'open' ? (
          <p
            ref={said}
            tabIndex={-1}
            role="status"
            className="rounded-xl bg-blue-50 p-3 text-sm text-blue-900"
          >
            {t('dataRequested', { agent, date: longDate(request.due_at, zone, intlLocale) })}
          </p>
        ) : request?.status === 'completed' && request.completed_at ? (
          <p role="status" className="rounded-xl bg-slate-100 p-3 text-sm text-slate-800">
            {t('dataCompleted', { date: longDate(request.completed_at, zone, intlLocale) })}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700">{t('dataDeleteBody', { agent })}</p>
            {ask.isError ? (
              <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
                {ask.error instanceof ApiError ? ask.error.message : t('dataFailed')}
              </p>
            ) : null}
            <Button
              variant="danger"
              className="min-h-11 w-full sm:w-auto"
              onClick={() => setConfirming(true)}
            >
              {t('dataDeleteAction')}
            </Button>
          </>
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('dataConfirmTitle')}
        confirmLabel={t('dataConfirmAction')}
        cancelLabel={t('dataCancel')}
        danger
        busy={ask.isPending}
        onConfirm={() => ask.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p className="text-sm text-slate-700">{t('dataConfirmBody', { agent })}</p>
      </ConfirmDialog>
    </div>
  );
}

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function YourDataPage() {
  return (
    <LocaleProvider>
      <YourDataPageInLocale />
    </LocaleProvider>
  );
}
