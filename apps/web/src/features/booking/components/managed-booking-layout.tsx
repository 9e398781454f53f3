// The frame of the buyer's booking pages after booking (/booking/manage, /booking/cancelled): the agent's
// branding, the page's title, the booking as stored and the "Powered by" line.
import type { ReactNode } from 'react';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import type { ManagedBooking } from '@keyturn/domain/schemas/publicBooking';
import { BrandMark, PoweredByKeyturn } from '@/components/branded-page';
import { useT } from '@/lib/i18n';
import { brandStyle, formatLongDate, purposeLabel, timeSummary } from '../format';
import { MANAGE, type ManageT } from '../manage-texts';
import type { BookingT } from '../texts';
import type { SummaryRow } from './booking-summary';

/** 'yyyy-MM-dd' → 'Tuesday, March 4, 2031' ('martes, 4 de marzo de 2031') in the page's Intl locale. */
export function ManageLayout({
  children,
  brand,
  primaryColor = DEFAULT_PRIMARY_COLOR,
  title,
}: {
  children: ReactNode;
  brand?: ReactNode;
  primaryColor?: string;
  title?: string;
}) {
  const t = useT(MANAGE);
  title ??= t('title');
  return (
    <div style={brandStyle(primaryColor)} className="min-h-screen bg-slate-50 px-3 py-6 sm:px-6 sm:py-12">
      <title>{`${title} · Keyturn`}</title>
      <main
        id="main"
        className="mx-auto w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        {brand ? <div className="mb-5">{brand}</div> : null}
        <h1 className="mb-5 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </main>
      <PoweredByKeyturn />
    </div>
  );
}

/** The agent's logo (or initial) and company or name, as on the booking page. */
export function AgentBrand({ agent }: { agent: ManagedBooking['agent'] }) {
  return <BrandMark name={agent.companyName ?? agent.name} logoUrl={agent.logoUrl} />;
}

/** The booking's facts, its time read off the server's instant (and on the buyer's clock when it differs). */
export function managedBookingRows(
  booking: ManagedBooking,
  buyerZone: string,
  t: ManageT,
  intlLocale: string,
  /** The booking flow's words the rows share with it (the time's "your time", the purpose). */
  bt: BookingT,
): SummaryRow[] {
  const { agent, property } = booking;
  return [
    { label: t('date'), value: formatLongDate(booking.booking_date, intlLocale) },
    {
      label: t('time'),
      ...timeSummary(booking.starts_at, booking.booking_date, booking.time_zone, buyerZone, intlLocale, bt),
    },
    {
      label: t('property'),
      value: property ? `${property.address}, ${property.city}, ${property.state}` : bt('consultWithAgent'),
    },
    { label: t('agent'), value: agent.companyName ? `${agent.name}, ${agent.companyName}` : agent.name },
    { label: t('purpose'), value: purposeLabel(booking.booking_purpose, booking.custom_purpose, bt) },
    { label: t('bookedFor'), value: booking.client_name, detail: booking.client_email },
  ];
}
