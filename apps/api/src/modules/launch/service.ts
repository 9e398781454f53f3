// Launch mode (issue 40, decision 069): the one place that decides whether this server is launched. Server
// settings' SITE_LAUNCH (the environment winning, as for every setting) is automatic, launched or pre-launch;
// automatic (and no value) follows billing: launched once Stripe is configured. The public answer
// (GET /api/public/launch), the server-rendered pages, the waiting list's refusal and the Launch section's
// Check all ask here.
import type { LaunchMode } from '@keyturn/domain/schemas/serverSettings';
import type { BillingConfig } from '../../adapters/billing';
import type { SettingsResolver } from '../core/settings-store';

/** Whether the site is launched, given the stored mode (null = not set) and whether billing is configured. */
export function isLaunched(mode: string | null, billingConfigured: boolean): boolean {
  if (mode === 'launched') return true;
  if (mode === 'pre-launch') return false;
  return billingConfigured;
}

/** The mode in force, as the page names it (an unset or unknown value reads as automatic). */
export function launchModeOf(mode: string | null): LaunchMode {
  return mode === 'launched' || mode === 'pre-launch' ? mode : 'automatic';
}

/** Read at each use, so a saved change (or billing switched on) applies to the next page without a restart. */
export const launchedOf =
  (resolver: SettingsResolver, billing: () => Promise<BillingConfig>) => async (): Promise<boolean> => {
    const [mode, config] = await Promise.all([resolver.get('SITE_LAUNCH'), billing()]);
    return isLaunched(mode, config.configured);
  };
