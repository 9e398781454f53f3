// The feature catalogue decides every "Available now" / "In development" label: what is built says so, what is
// not keeps the label until its issue lands.
import { describe, expect, it } from 'vitest';
import {
  BUILT_FEATURES,
  FEATURE_CATALOGUE,
  featureStatusLabel,
  isBuilt,
  UPCOMING_FEATURES,
  type FeatureId,
} from './features';

describe('feature catalogue', () => {
  it('marks the built capabilities as available: reminders by e-mail and SMS, the feedback request, booking links, branded pages, DST-correct slots', () => {
    const built: FeatureId[] = [
      'reminders',
      'feedback_requests',
      'booking_pages',
      'reschedule_links',
      'time_zone_slots',
      'no_double_booking',
      'availability_rules',
      'dashboard',
      'route_optimisation',
      'lead_scoring',
      'calendar_sync',
      'ai_assistant',
      'teams',
      'showing_rules',
      'seller_approvals',
    ];
    for (const id of built) expect(isBuilt(id), id).toBe(true);
    expect(featureStatusLabel({ built: true })).toBe('Available now');
  });

  it('has nothing left in development once team management is built (issue 15)', () => {
    expect(isBuilt('teams')).toBe(true);
    expect(UPCOMING_FEATURES).toEqual([]);
    expect(featureStatusLabel({ built: false })).toBe('In development');
  });

  it('lists each feature once, in exactly one of the two lists', () => {
    const ids = FEATURE_CATALOGUE.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(BUILT_FEATURES.length + UPCOMING_FEATURES.length).toBe(FEATURE_CATALOGUE.length);
    expect(BUILT_FEATURES.every((f) => f.built)).toBe(true);
    expect(UPCOMING_FEATURES.every((f) => !f.built)).toBe(true);
  });
});
