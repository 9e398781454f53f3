// Issue 46: the "Your data" page's sections — what the agent holds about the buyer, each piece labelled, an
// empty section saying so. Times on the agent's clock with the zone named.
import type { ReactNode } from 'react';
import { PRIVACY_TEXTS } from '@keyturn/domain/privacy';
import type { YourData } from '@keyturn/domain/schemas/privacy';
import {
  BOOKING_PURPOSE_LABELS,
  BUYER_TYPE_LABELS,
  INCOME_RANGES,
  incomeRangeLabel,
  wholeDollars,
  type IncomeRange,
} from '@keyturn/domain/enums';
import { BOOKING_STATUS_LABELS } from '@keyturn/domain/bookingStatus';
import { LEAD_CLASS_LABELS } from '@keyturn/domain/insights/classify';
import { LEAD_OUTCOME_LABELS } from '@keyturn/domain/schemas/leads';
import { dateTime, longDate } from '../format';

/** A stored code as its label on every screen (the code itself when the table does not name it). */
const labelOf = (labels: Record<string, string>, code: string): string => labels[code] ?? code;
const money = (n: number | null) => (n === null ? '–' : wholeDollars(n));

const T = PRIVACY_TEXTS.page;

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = `your-data-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {count === 0 ? (
        <p className="text-sm text-slate-500">{T.nothing}</p>
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
  return (
    <div className="space-y-6">
      <Section title={T.bookings} count={data.bookings.length}>
        {data.bookings.map((b) => (
          <li key={b.id} className={item}>
            <p className="font-medium text-slate-900">{b.property ?? data.agent.name}</p>
            <p className="mb-2 text-sm text-slate-600">{dateTime(b.starts_at, zone)}</p>
            <Fields
              rows={[
                [T.status, labelOf(BOOKING_STATUS_LABELS, b.status)],
                [T.name, b.name],
                [T.email, b.email],
                [T.phone, b.phone],
                [T.notes, b.notes],
                ['Buyer type', labelOf(BUYER_TYPE_LABELS, b.buyer_type)],
                [
                  'Budget',
                  b.budget_min !== null || b.budget_max !== null
                    ? `${money(b.budget_min)} – ${money(b.budget_max)}`
                    : null,
                ],
                [
                  'Income range',
                  b.income_range && (INCOME_RANGES as readonly string[]).includes(b.income_range)
                    ? incomeRangeLabel(b.income_range as IncomeRange)
                    : b.income_range,
                ],
                ['Purpose', labelOf(BOOKING_PURPOSE_LABELS, b.purpose)],
                ['Cancellation reason', b.cancel_reason],
                ['Reschedule reason', b.reschedule_reason],
              ]}
            />
          </li>
        ))}
      </Section>
      <Section title={T.feedback} count={data.feedback.length}>
        {data.feedback.map((f) => (
          <li key={f.booking_id} className={item}>
            <p className="mb-2 text-sm text-slate-600">
              {f.property ? `${f.property} · ` : ''}
              {longDate(f.given_at, zone)}
            </p>
            <Fields
              rows={[
                ['Rating', `${f.rating} / 5`],
                ['Interest', f.interest_level.replaceAll('_', ' ')],
                ['Price', f.price_opinion?.replaceAll('_', ' ')],
                ['Liked', f.liked],
                ['Disliked', f.disliked],
                ['Comments', f.comments],
                ['Second showing', f.second_showing === null ? null : f.second_showing ? 'Yes' : 'No'],
              ]}
            />
          </li>
        ))}
      </Section>
      <Section title={T.messages} count={data.messages.length}>
        {data.messages.map((m, i) => (
          <li key={`${m.at}-${i}`} className={item}>
            <p className="text-sm text-slate-600">
              {m.direction === 'from_you' ? T.fromYou : T.toYou} ·{' '}
              {m.channel === 'sms' ? 'Text' : m.channel === 'email' ? 'E-mail' : 'Conversation'} ·{' '}
              {dateTime(m.at, zone)}
            </p>
            {m.subject ? <p className="font-medium text-slate-900">{m.subject}</p> : null}
            {m.body ? <p className="whitespace-pre-wrap text-sm text-slate-900">{m.body}</p> : null}
          </li>
        ))}
      </Section>
      <Section title={T.consents} count={data.consents.length}>
        {data.consents.map((c, i) => (
          <li key={`${c.at}-${i}`} className={item}>
            <Fields
              rows={[
                ['When', dateTime(c.at, zone)],
                ['What', c.event.replace('_', ' ')],
                [T.phone, c.phone],
                ['Wording version', c.wording_version],
                ['Page', c.page],
                ['IP address', c.ip],
              ]}
            />
          </li>
        ))}
      </Section>
      <Section title={T.lead} count={data.lead ? 1 : 0}>
        {data.lead ? (
          <li className={item}>
            <Fields
              rows={[
                [T.leadClass, data.lead.class ? labelOf(LEAD_CLASS_LABELS, data.lead.class) : null],
                [T.leadOutcome, labelOf(LEAD_OUTCOME_LABELS, data.lead.outcome)],
              ]}
            />
            {data.lead.notes.length > 0 ? (
              <>
                <h3 className="mt-2 text-sm font-medium text-slate-700">{T.agentNotes}</h3>
                <ul className="mt-1 space-y-1 text-sm text-slate-900">
                  {data.lead.notes.map((n) => (
                    <li key={n.at}>
                      <span className="text-slate-500">{longDate(n.at, zone)}: </span>
                      {n.body}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </li>
        ) : null}
      </Section>
      <Section title={T.waitlist} count={data.waitlist.length}>
        {data.waitlist.map((w) => (
          <li key={w.joined_at} className={item}>
            <Fields
              rows={[
                ['Property', w.property],
                ['Date', w.date],
                ['Part of the day', w.part],
                [T.status, w.status],
                [T.name, w.name],
                [T.phone, w.phone],
              ]}
            />
          </li>
        ))}
      </Section>
      <Section title={T.documents} count={data.document_requests.length}>
        {data.document_requests.map((d) => (
          <li key={`${d.document}-${d.requested_at}`} className={item}>
            <Fields
              rows={[
                ['Document', d.document],
                ['Property', d.property],
                [T.status, d.status],
                ['Asked', longDate(d.requested_at, zone)],
              ]}
            />
          </li>
        ))}
      </Section>
    </div>
  );
}
