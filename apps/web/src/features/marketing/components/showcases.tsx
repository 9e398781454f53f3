// Lead intelligence and booking performance (spec §2.3 showcases). Until lead scoring is built (the feature
// catalogue's flag), its card is a labelled preview with sample leads.
import { isBuilt } from '@keyturn/domain/features';
import { Container } from '@/components/site-chrome';
import { PERFORMANCE_CLAIMS } from '../claims';
import { CheckIcon } from '@/components/marks';

const SAMPLE_LEADS = [
  { name: 'Jordan R.', note: 'Loved the kitchen, asked about closing dates', score: 'Hot', tone: 'hot' },
  { name: 'Priya S.', note: 'Liked the area, comparing two listings', score: 'Potential', tone: 'potential' },
  { name: 'Morgan T.', note: 'Too small for the family', score: 'Cold', tone: 'cold' },
] as const;

const leadTones = {
  hot: 'bg-red-50 text-red-800 ring-red-200',
  potential: 'bg-amber-50 text-amber-900 ring-amber-200',
  cold: 'bg-sky-50 text-sky-800 ring-sky-200',
} as const;

export function Showcases() {
  return (
    <section
      aria-label="Lead intelligence and booking performance"
      className="below-fold bg-slate-50 py-20 sm:py-24"
    >
      <Container className="space-y-20">
        <div className="grid grid-cols-1 items-center gap-10 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">Lead intelligence</p>
            <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Know who is ready to buy
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-600">
              After each showing, Keyturn asks the buyer a few short questions.{' '}
              {isBuilt('lead_scoring')
                ? 'The answers are sorted into hot, potential and cold leads,'
                : 'Next, the answers will be sorted into hot, potential and cold leads,'}{' '}
              so your follow-up starts with the right people.
            </p>
            <ul className="mt-6 space-y-3 text-base text-slate-700">
              {[
                'Feedback request sent after every showing',
                'Hot, potential and cold at a glance',
                'Sentiment and recommendations on Professional',
              ].map((line) => (
                <li key={line} className="flex gap-3">
                  <CheckIcon className="mt-0.5 size-5 shrink-0 text-blue-600" />
                  {line}
                </li>
              ))}
            </ul>
          </div>
          <figure className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
            <figcaption className="flex items-center justify-between gap-3">
              <span className="text-base font-semibold text-slate-900">Leads this week</span>
              <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200 ring-inset">
                {isBuilt('lead_scoring') ? 'Sample' : 'Preview · in development'}
              </span>
            </figcaption>
            <ul className="mt-5 divide-y divide-slate-100">
              {SAMPLE_LEADS.map((lead) => (
                <li key={lead.name} className="flex items-center gap-4 py-3">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-bold text-slate-700"
                  >
                    {lead.name.charAt(0)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold text-slate-900">{lead.name}</span>
                    <span className="block text-sm text-slate-600">{lead.note}</span>
                  </span>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${leadTones[lead.tone]}`}
                  >
                    {lead.score}
                  </span>
                </li>
              ))}
            </ul>
          </figure>
        </div>

        <div className="grid grid-cols-1 items-center gap-10 lg:grid-cols-2">
          <div className="lg:order-2">
            <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">Booking performance</p>
            <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Less back-and-forth, more showings
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-600">
              Buyers book the moment they are interested, at any hour, without a phone call. Your hours, your
              buffers and your existing bookings are respected every time.
            </p>
          </div>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3 lg:order-1">
            {PERFORMANCE_CLAIMS.map((claim) => (
              <div
                key={claim.label}
                className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
              >
                <dt className="mt-1 text-sm font-medium text-slate-600">{claim.label}</dt>
                <dd className="text-4xl font-extrabold tracking-tight text-blue-700">{claim.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Container>
    </section>
  );
}
