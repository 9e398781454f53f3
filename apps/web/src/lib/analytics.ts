// Analytics, only with consent (spec §2.3, §3, §4, §9). Events go to `window.dataLayer`, the queue a tag
// manager reads. The tag-manager script (VITE_GTM_SCRIPT_URL?id=VITE_GTM_ID) is added to the page only once
// the visitor has accepted, and only when the build names a container; without VITE_GTM_ID nothing is
// loaded. Nothing is queued before acceptance, and turning analytics off empties the queue.
import { useEffect, useRef } from 'react';
import { useLocation } from '@/lib/router';
import { getConsent, useConsent } from './consent';
import type { Consent } from './consent';

export const DEFAULT_TAG_MANAGER_URL = 'https://www.googletagmanager.com/gtm.js';

export type DataLayerEntry = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/** The booking fields analytics carries (spec §3). */
export interface BookingAnalytics {
  id: string;
  property_address: string;
  appointment_date: string;
  status: string;
}

/** The property fields analytics carries (spec §3). */
export interface PropertyAnalytics {
  id: number | string;
  address: string;
  property_type: string;
}

/** Booking lifecycle events (spec §4: created, confirmed, cancelled). */
export type BookingEvent = 'booking_created' | 'booking_confirmed' | 'booking_cancelled';
export type PropertyEvent = 'property_created' | 'property_updated' | 'property_viewed';

/**
 * Keeps analytics in step with the consent and counts a page view for every route change while it is on.
 * Mounted once, in the root layout.
 */
export function useAnalytics(): void {
  const consent = useConsent();
  const { pathname, search } = useLocation();
  const lastTracked = useRef<string | null>(null);

  useEffect(() => applyConsent(consent), [consent]);

  useEffect(() => {
    if (consent !== 'accepted') {
      lastTracked.current = null;
      return;
    }
    const path = `${pathname}${search}`;
    // React's development double effects must not count one visit twice.
    if (lastTracked.current === path) return;
    lastTracked.current = path;
    trackPageView(path);
  }, [consent, pathname, search]);
}

/** useAnalytics as a component: the root layout loads this file lazily and mounts it once the app has started. */
export function AnalyticsTracker(): null {
  useAnalytics();
  return null;
}

/** Accepted: load the tag manager (once). Rejected or undecided: drop whatever is still queued. */
export function applyConsent(consent: Consent): void {
  if (consent === 'accepted') loadTagManager();
  else clearQueue();
}

/** Whether events are recorded now. */
export function analyticsEnabled(): boolean {
  return getConsent() === 'accepted';
}

/** Queues an event for the tag manager; answers false (and queues nothing) without consent. */
export function pushEvent(entry: DataLayerEntry): boolean {
  if (!analyticsEnabled()) return false;
  dataLayer().push(entry);
  return true;
}

export function trackPageView(path: string): boolean {
  return pushEvent({ event: 'page_view', page_path: path, page_location: window.location.href });
}

export function trackBooking(event: BookingEvent, booking: BookingAnalytics): boolean {
  const { id, property_address, appointment_date, status } = booking;
  return pushEvent({ event, booking: { id, property_address, appointment_date, status } });
}

export function trackProperty(event: PropertyEvent, property: PropertyAnalytics): boolean {
  const { id, address, property_type } = property;
  return pushEvent({ event, property: { id, address, property_type } });
}

/** Ties the following events to a signed-in user (only the id, never a name or e-mail). */
export function identifyUser(id: string): boolean {
  return pushEvent({ event: 'user_identified', user: { id } });
}

export function trackPlanUpgrade(planName: string, planId: string): boolean {
  return pushEvent({ event: 'plan_upgrade', plan: { name: planName, id: planId } });
}

/** An error the visitor met, with the page it happened on (spec §8). */
export function trackError(message: string, code?: string): boolean {
  return pushEvent({
    event: 'app_error',
    error: { message, code: code ?? 'UNKNOWN', page_url: window.location.href },
  });
}

export function trackCancellation(reason = 'user_cancelled'): boolean {
  return pushEvent({ event: 'booking_cancellation', cancellation: { reason } });
}

/** The ad-conversion event of the waiting-list thank-you page (spec §2.6). */
export function trackConversion(conversion: string): boolean {
  return pushEvent({ event: 'ad_conversion', conversion });
}

/** Empties the queue in place (a loaded tag manager keeps its reference to the same array). */
export function clearQueue(): void {
  if (window.dataLayer) window.dataLayer.length = 0;
}

/** Adds the tag-manager script once; answers whether it is on the page. */
export function loadTagManager(): boolean {
  const id = import.meta.env.VITE_GTM_ID;
  if (!id) return false;
  if (document.querySelector('script[data-tag-manager]')) return true;
  dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = tagManagerUrl(id);
  script.dataset.tagManager = id;
  document.head.appendChild(script);
  return true;
}

/** The script address for container `id`; the base is a build setting so tests can serve it locally. */
export function tagManagerUrl(id: string, base = import.meta.env.VITE_GTM_SCRIPT_URL): string {
  const url = new URL(base || DEFAULT_TAG_MANAGER_URL, window.location.href);
  url.searchParams.set('id', id);
  return url.href;
}

function dataLayer(): DataLayerEntry[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}
