// The feature catalogue: every capability the marketing pages name, with whether it is built. The landing
// grid, the features page, the showcases and the footer notes all read it, so when an issue lands, flipping
// its `built` flag here moves it from "In development" to "Available now" everywhere.
import { APPOINTMENT_MINUTES, BOOKING_WINDOW_DAYS } from './constants';

export type FeatureId =
  | 'booking_pages'
  | 'time_zone_slots'
  | 'no_double_booking'
  | 'reschedule_links'
  | 'availability_rules'
  | 'dashboard'
  | 'reminders'
  | 'feedback_requests'
  | 'lead_scoring'
  | 'ai_assistant'
  | 'route_optimisation'
  | 'calendar_sync'
  | 'teams'
  | 'showing_rules'
  | 'seller_approvals'
  | 'access_release'
  | 'seller_reports';

export type Feature = { id: FeatureId; title: string; summary: string; built: boolean };

export const FEATURE_CATALOGUE: readonly Feature[] = [
  {
    id: 'booking_pages',
    title: 'Branded booking pages',
    summary:
      'Your logo, colour and photo on a page buyers open from any phone: one link for you, one for each property, and prefilled invitation links with a QR code.',
    built: true,
  },
  {
    id: 'time_zone_slots',
    title: 'Slots in your time zone',
    summary: `${APPOINTMENT_MINUTES}-minute slots from tomorrow to ${BOOKING_WINDOW_DAYS} days ahead, worked out from your hours in your own time zone, daylight-saving changes included.`,
    built: true,
  },
  {
    id: 'no_double_booking',
    title: 'No double booking',
    summary:
      'The database refuses a second active booking that overlaps the first, even when two buyers press Confirm at the same moment.',
    built: true,
  },
  {
    id: 'reschedule_links',
    title: 'Reschedule and cancel links',
    summary:
      'Each confirmation gives the buyer a private link to move or cancel the viewing, plus an Add to calendar button.',
    built: true,
  },
  {
    id: 'availability_rules',
    title: 'Availability rules',
    summary:
      'Weekly hours with several ranges a day, days off, minimum notice, a buffer between showings, and automatic or manual confirmation.',
    built: true,
  },
  {
    id: 'dashboard',
    title: 'One dashboard',
    summary:
      'Pending requests, today’s schedule, the next days, properties with photos, and your plan’s usage at a glance.',
    built: true,
  },
  {
    id: 'reminders',
    title: 'Email and SMS reminders',
    summary:
      'Confirmations and reminders at the times you choose before each showing: by e-mail on every plan, by text from Professional.',
    built: true,
  },
  {
    id: 'feedback_requests',
    title: 'Feedback after each showing',
    summary:
      'A short form sent to the buyer after the showing: rating, interest, price opinion and a second viewing, all on your dashboard.',
    built: true,
  },
  {
    id: 'lead_scoring',
    title: 'Lead scoring and sentiment',
    summary:
      'Feedback answers sorted into hot, potential and cold leads, with sentiment and recommendations.',
    built: true,
  },
  {
    id: 'ai_assistant',
    title: 'AI assistant',
    summary:
      'Buyers ask for a showing in their own words on your booking page; the assistant offers real free times and books only when they confirm.',
    built: true,
  },
  {
    id: 'route_optimisation',
    title: 'Route optimisation',
    summary:
      'Your day on a map with drive times between showings, warnings where a drive is longer than the gap, and the order that drives least — applied in one click.',
    built: true,
  },
  {
    id: 'calendar_sync',
    title: 'Calendar sync',
    summary: 'Two-way sync with Google and Microsoft calendars.',
    built: true,
  },
  {
    id: 'teams',
    title: 'Team management',
    summary:
      'Several agents under one agency account: roles, invitations and seats, a team booking page that shares consultations fairly, and every member’s schedule side by side.',
    built: true,
  },
  {
    id: 'showing_rules',
    title: 'Showing rules per listing',
    summary:
      'Each listing says how it is shown — instantly, approved by you, or by instructions only — with its own notice, hours, blocked times, a daily limit and a gap, and buyers see why a time is missing. On every plan.',
    built: true,
  },
  {
    id: 'seller_approvals',
    title: 'Seller approvals',
    summary:
      'The seller or occupants approve, decline or propose another time from a link in an e-mail or text, no account needed; unanswered requests are sent again and reach you in time. Professional and Enterprise.',
    built: true,
  },
  {
    id: 'access_release',
    title: 'Access at the right time',
    summary:
      'Lockbox code, alarm, parking, pets and entry notes, stored encrypted and released only to the confirmed buyer shortly before the showing. Professional and Enterprise.',
    built: true,
  },
  {
    id: 'seller_reports',
    title: 'A live report for your seller',
    summary:
      'A private page for each seller with the showings by week, the feedback and what buyers think of the price, plus a weekly e-mail. Professional and Enterprise.',
    built: true,
  },
];

export function featureById(id: FeatureId): Feature {
  const feature = FEATURE_CATALOGUE.find((f) => f.id === id);
  if (!feature) throw new Error(`Unknown feature ${id}`);
  return feature;
}

export function isBuilt(id: FeatureId): boolean {
  return featureById(id).built;
}

/** The label a feature carries on the marketing pages. */
export function featureStatusLabel(feature: Pick<Feature, 'built'>): 'Available now' | 'In development' {
  return feature.built ? 'Available now' : 'In development';
}

export const BUILT_FEATURES = FEATURE_CATALOGUE.filter((f) => f.built);
export const UPCOMING_FEATURES = FEATURE_CATALOGUE.filter((f) => !f.built);
