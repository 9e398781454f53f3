// Quotes in our own words from fictional agents, labelled as such (before launch: "we have not launched yet").
import { LAUNCH_TEXTS } from '@keyturn/domain/launch';
import { useLaunched } from '@/lib/launch';

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const LANDING_TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'I used to spend my evenings texting back and forth about viewing times. Now I send one link and the showings appear on my dashboard.',
    name: 'Marisol Avenida',
    role: 'Independent agent, residential',
  },
  {
    quote:
      'Buyers book from their phones at 11 pm, and nobody ever gets a slot someone else already has. That alone saved my Saturdays.',
    name: 'Theo Lindqvist',
    role: 'Team lead, growing brokerage',
  },
  {
    quote:
      'Each listing has its own booking link with our colours and logo. It looks like we built it ourselves.',
    name: 'Ngozi Harbourne',
    role: 'Agency owner, commercial',
  },
];

export const ABOUT_TESTIMONIALS: Testimonial[] = [
  {
    quote: 'Time zones used to trip up my out-of-state buyers. Keyturn shows them the times as I mean them.',
    name: 'Rafael Okonkwo-Smith',
    role: 'Relocation specialist',
  },
  {
    quote: 'Reschedule and cancel links mean the buyer fixes the change themselves. I just see the update.',
    name: 'Hanna Brightwater',
    role: 'Property manager',
  },
  {
    quote: 'I set my hours once and block the days I am away; the booking page simply stops offering them.',
    name: 'Dev Castellano',
    role: 'Independent agent, property management',
  },
];

export function Testimonials({ items }: { items: Testimonial[] }) {
  const launched = useLaunched();
  return (
    <div>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.name} className="flex">
            <figure className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <blockquote className="flex-1 text-base leading-7 text-slate-700">
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex size-10 items-center justify-center rounded-full bg-blue-100 text-sm font-bold text-blue-800"
                >
                  {item.name.charAt(0)}
                </span>
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{item.name}</span>
                  <span className="block text-sm text-slate-600">{item.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-slate-600">
        {launched
          ? LAUNCH_TEXTS.testimonialsNote
          : 'Illustrative quotes from fictional agents, written by the Keyturn team: we have not launched yet.'}
      </p>
    </div>
  );
}
