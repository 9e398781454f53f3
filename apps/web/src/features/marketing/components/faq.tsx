// Questions agents ask before they choose a plan (spec §2.3: the FAQ states the free trial). Every figure
// comes from the domain constants and the plan table.
import type { ReactNode } from 'react';
import {
  ANNUAL_DISCOUNT_PERCENT,
  APPOINTMENT_MINUTES,
  BOOKING_WINDOW_DAYS,
  TRIAL_DAYS,
  WAITLIST,
} from '@keyturn/domain/constants';
import { PLANS } from '@keyturn/domain/plans';
import { useLaunched } from '@/lib/launch';
import { formatUsd } from '../format';

const basic = PLANS.basic;

/** `beforeLaunch`: an entry about the launch itself, removed once the server is launched (issue 40). */
export const FAQ_ITEMS: { question: string; answer: ReactNode; beforeLaunch?: true }[] = [
  {
    question: 'Is there a free trial?',
    answer: `Yes. Every paid plan starts with a ${TRIAL_DAYS}-day free trial, and the Basic plan is free for as long as you like.`,
  },
  {
    question: 'How much do I save with yearly billing?',
    answer: `${ANNUAL_DISCOUNT_PERCENT}% on every paid plan: Professional is ${formatUsd(PLANS.pro.yearlyMonthlyPriceUsd)} a month instead of ${formatUsd(PLANS.pro.monthlyPriceUsd)}, Enterprise ${formatUsd(PLANS.enterprise.yearlyMonthlyPriceUsd)} instead of ${formatUsd(PLANS.enterprise.monthlyPriceUsd)}.`,
  },
  {
    question: 'What happens when I reach my plan’s limit?',
    answer: `Basic covers ${basic.maxProperties} properties and ${basic.maxBookingsPerMonth} bookings a month. Your dashboard shows how much of each limit you have used. Once the month’s bookings are used up, your page stops taking new online bookings until the next month and tells buyers how to reach you directly; bookings you already have always stay.`,
  },
  {
    question: 'Do my buyers need an account?',
    answer: `No. Buyers open your link, pick a ${APPOINTMENT_MINUTES}-minute slot up to ${BOOKING_WINDOW_DAYS} days ahead and leave their contact details. Their confirmation carries a link to reschedule or cancel.`,
  },
  {
    question: 'Which time zone do buyers see?',
    answer:
      'Yours. Slots are worked out in your time zone, including the daylight-saving changes, and the booking page says which zone the times are in.',
  },
  {
    question: 'Can two buyers book the same time?',
    answer:
      'No. The database itself refuses a second booking that overlaps an active one, so a slot can only be taken once, even when two buyers press the button at the same moment.',
  },
  {
    question: 'When does Keyturn launch?',
    answer: `We plan to open in ${WAITLIST.launch}. The first ${WAITLIST.priorityUsers} agents on the waiting list get priority access, and everyone on the list keeps a ${WAITLIST.discountPercent}% discount for life.`,
    beforeLaunch: true,
  },
];

export function Faq() {
  const launched = useLaunched();
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {FAQ_ITEMS.filter((item) => !(launched && item.beforeLaunch)).map((item) => (
        <details key={item.question} className="group px-5 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left text-base font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 [&::-webkit-details-marker]:hidden">
            {item.question}
            <span
              aria-hidden="true"
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <p className="pb-5 text-base leading-7 text-slate-600">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
