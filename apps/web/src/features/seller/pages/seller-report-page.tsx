// /seller/:token (issue 32 §4): a seller's or occupant's live report, opened by their own link — showings by
// week, what buyers said (never their names), the price and interest counts, the overall feeling with the
// phrases that carried it, the listing against the agent's other listings, and the agent's notes. In the agent's
// brand like the other buyer pages; comfortable at 375 px; `print:` styles give a clean one- or two-page report.
import { useParams } from '@/lib/router';
import { useQuery } from '@tanstack/react-query';
import {
  SELLER_SENTIMENT_KEYS,
  SELLER_WEEK_KINDS,
  SELLER_WEEK_KIND_KEYS,
  type SellerReport,
} from '@keyturn/domain/listing/sellerReport';
import {
  INTEREST_LEVEL_KEYS,
  PRICE_OPINION_KEYS,
  type InterestLevel,
  type PriceOpinion,
} from '@keyturn/domain/schemas/feedback';
import { BrandedPage } from '@/components/branded-page';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { VISIT } from '@/lib/visit-area';
import { api, ApiError } from '@/lib/api';
import { useLocale, useT } from '@/lib/i18n';
import { LazySellerThreads } from '@/components/thread/lazy-thread-panel';
import { SELLER } from '@/lib/seller-area';
import { LocaleProvider } from '@/lib/locale';

/** '2025-06-12' → 'Thu, Jun 12' / 'jue, 12 de jun' (a calendar date, never shifted by the browser's zone). */
function shortDate(intlLocale: string, iso: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** The report's texts, its answers' labels and its numbers in the page's language. */
function useReportTexts() {
  const t = useT(SELLER);
  const tv = useT(VISIT);
  const { intlLocale } = useLocale();
  const numbers = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 1 });
  return {
    t,
    date: (iso: string) => shortDate(intlLocale, iso),
    number: (n: number) => numbers.format(n),
    interest: (value: string) =>
      value in INTEREST_LEVEL_KEYS ? tv(INTEREST_LEVEL_KEYS[value as InterestLevel]) : value,
    price: (value: string) =>
      value in PRICE_OPINION_KEYS ? tv(PRICE_OPINION_KEYS[value as PriceOpinion]) : value,
  };
}

function SellerReportPageInLocale() {
  const t = useT(SELLER);
  const token = useParams().token ?? '';
  const report = useQuery({
    queryKey: ['seller-report', token],
    queryFn: () => api.get<SellerReport>(`/seller/${encodeURIComponent(token)}`),
    retry: false,
  });
  const agent = report.data?.agent;
  return (
    <BrandedPage
      wide
      brand={
        agent
          ? {
              name: agent.companyName ?? agent.name,
              logoUrl: agent.logoUrl,
              primaryColor: agent.primaryColor,
              onPrimaryColor: agent.onPrimaryColor,
            }
          : null
      }
    >
      <title>{`${t('reportTitle')} · Keyturn`}</title>
      {report.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('loadingReport')} />
        </div>
      ) : report.isError ? (
        <ErrorAlert>
          {report.error instanceof ApiError && report.error.status === 404
            ? t('revoked')
            : report.error.message}
        </ErrorAlert>
      ) : (
        <>
          <ReportView report={report.data} />
          {/* Issue 45: the showings' conversations, where the listing agent lets sellers write. */}
          <LazySellerThreads token={token} />
        </>
      )}
    </BrandedPage>
  );
}

const section = 'mt-6 break-inside-avoid print:mt-4';
const heading = 'text-base font-semibold text-slate-900';

function ReportView({ report }: { report: SellerReport }) {
  const { t, date, number, interest, price } = useReportTexts();
  const sentimentKey = SELLER_SENTIMENT_KEYS[report.sentiment.label];
  return (
    <article className="text-sm text-slate-800 print:text-[11pt]">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">
            {t('reportTitle')}: {report.property.address}
          </h1>
          <p className="text-slate-600">
            {report.property.city}, {report.property.state} · {t('updated')}{' '}
            {date(report.generated_at.slice(0, 10))}
          </p>
        </div>
        <Button type="button" variant="secondary" className="print:hidden" onClick={() => window.print()}>
          {t('print')}
        </Button>
      </header>

      {report.notes ? (
        <section className={section} aria-labelledby="seller-notes">
          <h2 id="seller-notes" className={heading}>
            {t('notesHeading')}
          </h2>
          <p className="mt-2 whitespace-pre-line rounded-md bg-slate-50 p-3 print:bg-transparent print:p-0">
            {report.notes}
          </p>
        </section>
      ) : null}

      <section className={section} aria-labelledby="seller-weeks">
        <h2 id="seller-weeks" className={heading}>
          {t('showingsHeading')}
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {SELLER_WEEK_KINDS.map((kind) => (
            <div key={kind} className="rounded-md border border-slate-200 p-2">
              <dt className="text-slate-600">{t(SELLER_WEEK_KIND_KEYS[kind])}</dt>
              <dd className="text-lg font-semibold text-slate-900">{number(report.totals[kind])}</dd>
            </div>
          ))}
        </dl>
        {report.weeks.length === 0 ? (
          <p className="mt-2 text-slate-600">{t('noShowings')}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-xs sm:text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-1 pr-1 font-medium">
                    {t('weekOf')}
                  </th>
                  {SELLER_WEEK_KINDS.map((kind) => (
                    <th key={kind} scope="col" className="px-1 py-1 text-right font-medium">
                      {t(SELLER_WEEK_KIND_KEYS[kind])}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.weeks.map((w) => (
                  <tr key={w.week_of} className="border-b border-slate-100">
                    <th scope="row" className="py-1 pr-1 font-normal">
                      {date(w.week_of)}
                    </th>
                    {SELLER_WEEK_KINDS.map((kind) => (
                      <td key={kind} className="px-1 py-1 text-right tabular-nums">
                        {number(w[kind])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <div className="grid gap-x-6 sm:grid-cols-2">
        <Distribution
          id="seller-price"
          title={t('priceHeading')}
          rows={(['too_high', 'fair', 'good_value'] as const).map((k) => [
            price(k),
            report.price_opinions[k],
          ])}
          number={number}
        />
        <Distribution
          id="seller-interest"
          title={t('interestHeading')}
          rows={(['very_interested', 'somewhat_interested', 'not_interested'] as const).map((k) => [
            interest(k),
            report.interest[k],
          ])}
          number={number}
        />
      </div>

      <section className={section} aria-labelledby="seller-sentiment">
        <h2 id="seller-sentiment" className={heading}>
          {t('sentimentHeading')}: {sentimentKey ? t(sentimentKey) : report.sentiment.label}
        </h2>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <Phrases title={t('liked')} phrases={report.sentiment.positive} />
          <Phrases title={t('disliked')} phrases={report.sentiment.negative} />
        </div>
      </section>

      <section className={section} aria-labelledby="seller-comparison">
        <h2 id="seller-comparison" className={heading}>
          {t('comparisonHeading')}
        </h2>
        <p className="text-slate-600">{t('showingsPerWeek')}</p>
        <dl className="mt-2 grid grid-cols-2 gap-2">
          <div className="rounded-md border border-slate-200 p-2">
            <dt className="text-slate-600">{t('thisListing')}</dt>
            <dd className="text-lg font-semibold text-slate-900">{number(report.comparison.this_listing)}</dd>
          </div>
          <div className="rounded-md border border-slate-200 p-2">
            <dt className="text-slate-600">{t('otherListings')}</dt>
            <dd className="text-lg font-semibold text-slate-900">
              {report.comparison.other_listings === null ? '—' : number(report.comparison.other_listings)}
            </dd>
          </div>
        </dl>
      </section>

      <section className={section} aria-labelledby="seller-documents">
        <h2 id="seller-documents" className={heading}>
          {t('allTime', { figure: t('documentDownloads') })}
        </h2>
        <p className="text-slate-600">{t('documentDownloadsCounts')}</p>
        <p className="mt-2 text-lg font-semibold text-slate-900">{number(report.document_downloads)}</p>
      </section>

      <section className={section} aria-labelledby="seller-feedback">
        <h2 id="seller-feedback" className={heading}>
          {t('feedbackHeading')}
        </h2>
        <p className="text-slate-600">{t('namesHidden')}</p>
        {report.feedback.length === 0 ? (
          <p className="mt-2">{t('noFeedback')}</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {report.feedback.map((f) => (
              <li
                key={`${f.buyer}-${f.date}`}
                className="break-inside-avoid rounded-md border border-slate-200 p-3"
              >
                <p className="font-medium text-slate-900">
                  {f.buyer} · {date(f.date.slice(0, 10))} · {number(f.rating)}/5
                </p>
                <p className="text-slate-600">
                  {interest(f.interest)}
                  {f.price_opinion ? ` · ${price(f.price_opinion)}` : ''}
                </p>
                {f.liked ? (
                  <p className="mt-1">
                    <span className="text-slate-600">{t('likedOne')}:</span> {f.liked}
                  </p>
                ) : null}
                {f.disliked ? (
                  <p className="mt-1">
                    <span className="text-slate-600">{t('dislikedOne')}:</span> {f.disliked}
                  </p>
                ) : null}
                {f.comments ? <p className="mt-1">{f.comments}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <footer className="mt-6 border-t border-slate-200 pt-3 text-slate-600">
        {report.agent.name}
        {report.agent.phone ? ` · ${report.agent.phone}` : ''} · {report.agent.email}
      </footer>
    </article>
  );
}

function Distribution({
  id,
  title,
  rows,
  number,
}: {
  id: string;
  title: string;
  rows: [string, number][];
  number: (n: number) => string;
}) {
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  return (
    <section className={section} aria-labelledby={id}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      <ul className="mt-2 space-y-2">
        {rows.map(([label, n]) => (
          <li key={label}>
            <div className="flex justify-between">
              <span>{label}</span>
              <span className="tabular-nums">{number(n)}</span>
            </div>
            <div className="mt-1 h-2 rounded bg-slate-100 print:border print:border-slate-300" aria-hidden>
              <div
                className="h-2 rounded bg-[var(--kt-primary)]"
                style={{ width: `${total ? Math.round((n / total) * 100) : 0}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Phrases({ title, phrases }: { title: string; phrases: string[] }) {
  return (
    <div>
      <h3 className="font-medium text-slate-900">{title}</h3>
      {phrases.length === 0 ? (
        <p className="text-slate-600">—</p>
      ) : (
        <ul className="mt-1 list-disc pl-5">
          {phrases.map((p) => (
            <li key={p}>“{p}”</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function SellerReportPage() {
  return (
    <LocaleProvider>
      <SellerReportPageInLocale />
    </LocaleProvider>
  );
}
