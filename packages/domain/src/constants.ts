// Business constants of spec §9 and the client timings of spec §7/§9. Every figure lives here once;
// the server, the web app and the tests read them from this file.

export const APPOINTMENT_MINUTES = 30;
export const ARRIVE_EARLY_MINUTES = 5;
export const BOOKING_WINDOW_DAYS = 60;
export const UPCOMING_DAYS_DEFAULT = 3;
/** Longest custom booking purpose (spec §3 custom_purpose); the purpose step's input limit and the schema's. */
export const CUSTOM_PURPOSE_MAX_LENGTH = 200;

/** Day numbers as in Date#getDay and the availability entries: Sunday = 0. */
export const FALLBACK_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];

export const FALLBACK_SLOTS_WITH_PROPERTY: readonly string[] = [
  '09:00',
  '10:00',
  '11:00',
  '13:00',
  '14:00',
  '15:00',
  '16:00',
];

export const FALLBACK_SLOTS_WITHOUT_PROPERTY: readonly string[] = [
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '12:00',
  '12:30',
  '13:00',
  '13:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
  '16:30',
];

/** Shown in the fallback grid without a property, but disabled (the lunch hour). */
export const FALLBACK_UNAVAILABLE_WITHOUT_PROPERTY: readonly string[] = ['12:00', '12:30'];

export const DEFAULT_PRIMARY_COLOR = '#3B82F6';
export const AVAILABLE_DAY_BORDER_COLOR = '#10b981';
export const LOCAL_API_PORT = 5001;

export const CONSENT_STORAGE_KEY = 'cookie-consent';
export const CONSENT_VALUES = ['accepted', 'rejected'] as const;
export type ConsentValue = (typeof CONSENT_VALUES)[number];

export const LOGO_SIZES = ['sm', 'md', 'lg', 'xl'] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];
export const DEFAULT_LOGO_SIZE: LogoSize = 'md';

/** Stands in for the property while none is chosen (spec §3); id 0 never exists in the database. */
export const PLACEHOLDER_PROPERTY = {
  id: 0,
  address: 'Property to be selected',
  property_type: 'Residential',
} as const;

/** Shown when the public agent fetch fails (spec §7, §8). */
export const FALLBACK_AGENT_NAME = 'Real Estate Agent';

export const WAITLIST = { discountPercent: 25, priorityUsers: 100, launch: 'Q3 2025' } as const;
export const ANNUAL_DISCOUNT_PERCENT = 20;
export const TRIAL_DAYS = 14;
export const PASSWORD_MIN_LENGTH = 8;

export const API_CLIENT = { timeoutMs: 60_000, timeoutRetryDelayMs: 1_000 } as const;

export const QUERY = {
  staleTimeMs: 300_000,
  gcTimeMs: 600_000,
  retries: 2,
  mutationRetries: 1,
  mutationRetryDelayMs: 1_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 30_000,
} as const;

export const TOAST = { defaultMs: 4_000, successMs: 3_000, errorMs: 5_000, limit: 20 } as const;

export const CLIENT_TIMINGS = {
  cookieBannerDelayMs: 1_000,
  profilePictureDelayMs: 500,
  profileDedupeMs: 100,
  scrollTopThresholdPx: 300,
  carouselIntervalMs: 5_000,
  waitlistRedirectMs: 1_000,
  authScriptTimeoutMs: 15_000,
  authScriptRetries: 5,
  authScriptBackoffStartMs: 125,
  chunkLoadTimeoutMs: 120_000,
} as const;

/**
 * Delay before query retry number `attempt` (0 for the first retry): 1 s doubling, capped at 30 s (spec §9).
 * Shaped for TanStack Query's `retryDelay`.
 */
export function queryRetryDelay(attempt: number): number {
  return Math.min(QUERY.backoffBaseMs * 2 ** Math.max(0, attempt), QUERY.backoffMaxMs);
}

/**
 * Whether a failed query is tried again (spec §7): never for a 4xx answer, the caller's mistake will not
 * go away; otherwise up to QUERY.retries times. `failureCount` counts from 0 as TanStack Query passes it.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status <= 499) return false;
  return failureCount < QUERY.retries;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

/** The accessibility statement (issue 43), linked from every public footer. */
export const ACCESSIBILITY_PATH = '/accessibility';
