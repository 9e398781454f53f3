// Issue 46: the "Your data" page's sections — what the agent holds about the buyer, each piece labelled, an
// empty section saying so. Times on the agent's clock with the zone named. In the page's language (issue 43:
// texts in the `statement` area, keys data…; dates and money by Intl in the page's locale).
import type { ReactNode } from 'react';
import type { YourData } from '@keyturn/domain/schemas/privacy';
import { useLocale, useT } from '@/lib/i18n';
import { STATEMENT } from '@/lib/statement-area';
import { clockTime, dollarRange, dollars, longDate, zoneName } from '../format';

type Key = NonNullable<(typeof STATEMENT)['keys']>;

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const t = useT(STATEMENT);
  const id = `your-data-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {count === 0 ? (
        <p className="text-sm text-slate-500">{t('dataNothing')}</p>
      ) : (
        <ul className="space-y-3">{children}</ul>
      )}
    </section>
  );
}

function Fields({ rows }: { rows: [string, string | number | boolean | null | undefined][] }) {
  const shown = rows.filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {shown.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="break-words text-slate-900 [overflow-wrap:anywhere]">{String(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

const item = 'rounded-xl border border-slate-200 p-3';

export function DataSections({ data }: { data: YourData }) {
  const zone = data.agent.time_zone;
  const t = useT(STATEMENT);
  const { intlLocale } = useLocale();
  const date = (instant: string) => longDate(instant, zone, intlLocale);
  const dateTime = (instant: string) =>
    t('dataDateTime', {
      date: date(instant),
      time: clockTime(instant, zone, intlLocale),
      zone: zoneName(zone, instant, intlLocale),
    });
  const money = (n: number | null) => (n === null ? '–' : dollars(n, intlLocale));
  /** A stored code in words (a select message whose `other` is the code itself). */
  const label = (key: Key, name: string, code: string) => t(key, { [name]: code });
  return (
    <div className="space-y-6">
      <Section title={t('dataBookings')} count={data.bookings.length}>
        {data.bookings.map((b) => (
          <li key={b.id} className={item}>
            <p className="font-medium text-slate-900">{b.property ?? data.agent.name}</p>
            <p className="mb-2 text-sm text-slate-600">{dateTime(b.starts_at)}</p>
            <Fields
              rows={[
                [t('dataStatus'), label('dataBookingStatus', 'status', b.status)],
                [t('dataName'), b.name],
                [t('dataEmail'), b.email],
                [t('dataPhone'), b.phone],
                [t('dataNotes'), b.notes],
                [t('dataBuyerType'), label('dataBuyerTypeValue', 'type', b.buyer_type)],
                [
                  t('dataBudget'),
                  b.budget_min !== null || b.budget_max !== null
                    ? `${money(b.budget_min)} – ${money(b.budget_max)}`
                    : null,
                ],
                [t('dataIncome'), b.income_range && dollarRange(b.income_range, intlLocale)],
                [t('dataPurpose'), label('dataPurposeValue', 'purpose', b.purpose)],
                [t('dataCancelReason'), b.cancel_reason],
                [t('dataRescheduleReason'), b.reschedule_reason],
              ]}
            />
          </li>
        ))}
      </Section>
      <Section title={t('dataFeedback')} count={data.feedback.length}>
        {data.feedback.map((f) => (
          <li key={f.booking_id} className={item}>
            <p className="mb-2 text-sm text-slate-600">
              {f.property ? `${f.property} · ` : ''}
              {date(f.given_at)}
            </p>
            <Fields
              rows={[
                [t('dataRating'), `${f.rating} / 5`],
                [t('dataInterest'), label('dataInterestValue', 'level', f.interest_level)],
                [t('dataPrice'), f.price_opinion && label('dataPriceValue', 'opinion', f.price_opinion)],
                [t('dataLiked'), f.liked],
                [t('dataDisliked'), f.disliked],
                [t('dataComments'), f.comments],
                [
                  t('dataSecondShowing'),
                  f.second_showing === null ? null : t(f.second_showing ? 'dataYes' : 'dataNo'),
                ],
              ]}
            />
          </li>
        ))}
      </Section>
      <Section title={t('dataMessages')} count={data.messages.length}>
        {data.messages.map((m, i) => (
          <li key={`${m.at}-${i}`} className={item}>
            <p className="text-sm text-slate-600">
              {t(m.direction === 'from_you' ? 'dataFromYou' : 'dataToYou')} ·{' '}
              {label('dataChannel', 'channel', m.channel)} · {dateTime(m.at)}
            </p>
            {m.subject ? <p className="font-medium text-slate-900">{m.subject}</p> : null}
            {m.body ? <p className="whitespace-pre-wrap text-sm text-slate-900">{m.body}</p> : null}
          </li>
        ))}
      </Section>
      <Section title={t('dataConsents')} count={data.consents.length}>
        {data.consents.map((c, i) => (
          <li key={`${c.at}-${i}`} className={item}>
            <Fields
              rows={[
                [t('dataWhen'), dateTime(c.at)],
                [t('dataWhat'), label('dataConsentEvent', 'event', c.event)],
                [t('dataPhone'), c.phone],
                [t('dataWordingVersion'), c.wording_version],
                [t('dataPage'), c.page],
                [t('dataIp'), c.ip],
              ]}
            />
          </li>
        ))}
      </Section>
      <Section title={t('dataLead')} count={data.lead ? 1 : 0}>
        {data.lead ? (
          <li className={item}>
            <Fields
              rows={[
                [
                  t('dataLeadClass'),
                  data.lead.class ? label('dataLeadClassValue', 'value', data.lead.class) : null,
                ],
                [t('dataLeadOutcome'), label('dataLeadOutcomeValue', 'outcome', data.lead.outcome)],
              ]}
            />
            {data.lead.notes.length > 0 ? (
              <>
                <h3 className="mt-2 text-sm font-medium text-slate-700">{t('dataAgentNotes')}</h3>
                <ul className="mt-1 space-y-1 text-sm text-slate-900">
                  {data.lead.notes.map((n) => (
                    <li key={n.at}>
                      <span className="text-slate-500">{date(n.at)}: </span>
                      {n.body}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </li>
        ) : null}
      </Section>
      <Section title={t('dataWaitlist')} count={data.waitlist.length}>
        {data.waitlist.map((w) => (
          <li key={w.joined_at} className={item}>
            <Fields
              rows={[
                [t('dataProperty'), w.property],
                [t('dataDate'), w.date],
                [t('dataPart'), label('dataPartValue', 'part', w.part)],
                [t('dataStatus'), label('dataWaitlistStatus', 'status', w.status)],
                [t('dataName'), w.name],
                [t('dataPhone'), w.phone],
              ]}
            />
          </li>
        ))}
      </Section>
      <Section title={t('dataDocuments')} count={data.document_requests.length}>
        {data.document_requests.map((d) => (
          <li key={`${d.document}-${d.requested_at}`} className={item}>
            <Fields
              rows={[
                [t('dataDocument'), d.document],
                [t('dataProperty'), d.property],
                [t('dataStatus'), label('dataDocumentStatus', 'status', d.status)],
                [t('dataAsked'), date(d.requested_at)],
              ]}
            />
          </li>
        ))}
      </Section>
    </div>
  );
}
