// The frame of the buyer's booking pages after booking (/booking/manage, /booking/cancelled): the agent's
// branding, the page's title, the booking as stored and the "Powered by" line.
import type { ReactNode } from 'react';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { MESSAGES } from '@keyturn/domain/messages';
import type { ManagedBooking } from '@keyturn/domain/schemas/publicBooking';
import { BrandMark, PoweredByKeyturn } from '@/components/branded-page';
import { brandStyle, formatLongDate, purposeLabel, timeSummary } from '../format';
import type { SummaryRow } from './booking-summary';

export function ManageLayout({
  children,
  brand,
  primaryColor = DEFAULT_PRIMARY_COLOR,
  title = 'Manage your booking',
}: {
  children: ReactNode;
  brand?: ReactNode;
  primaryColor?: string;
  title?: string;
}) {
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
export function managedBookingRows(booking: ManagedBooking, buyerZone: string): SummaryRow[] {
  const { agent, property } = booking;
  return [
    { label: 'Date', value: formatLongDate(booking.booking_date) },
    { label: 'Time', ...timeSummary(booking.starts_at, booking.booking_date, booking.time_zone, buyerZone) },
    {
      label: 'Property',
      value: property
        ? `${property.address}, ${property.city}, ${property.state}`
        : MESSAGES.consultationWithAgent,
    },
    { label: 'Agent', value: agent.companyName ? `${agent.name}, ${agent.companyName}` : agent.name },
    { label: 'Purpose', value: purposeLabel(booking.booking_purpose, booking.custom_purpose) },
    { label: 'Booked for', value: booking.client_name, detail: booking.client_email },
  ];
}
