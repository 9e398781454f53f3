// Server settings calls (issue 30, decision 048): read, save, a section's check, the test e-mail, the demo,
// the accessibility reports (issue 43).
import type { SalesEnquiriesResponse } from '@keyturn/domain/schemas/salesEnquiries';
import type {
  ServerSettingsCheck,
  ServerSettingsResponse,
  ServerSettingsSection,
} from '@keyturn/domain/schemas/serverSettings';
import type { DemoStatusResponse } from '@keyturn/domain/demo';
import type { AccessibilityReportsResponse } from '@keyturn/domain/schemas/accessibility';
import { api } from '@/lib/api';

export const SERVER_SETTINGS_KEY = ['server-settings'] as const;

export const fetchServerSettings = () => api.get<ServerSettingsResponse>('/server-settings');

export const saveServerSettings = (values: Record<string, string | null>) =>
  api.put<ServerSettingsResponse>('/server-settings', { values });

export const checkSection = (section: ServerSettingsSection) =>
  api.post<ServerSettingsCheck>(`/server-settings/${section}/check`);

/** Issue 39: the plans set up in the Stripe account in force (idempotent). */
export const setUpBillingPlans = () => api.post<ServerSettingsCheck>('/server-settings/billing/setup');

export const sendTestMail = () => api.post<ServerSettingsCheck>('/server-settings/mail/test');

export const DEMO_KEY = ['server-settings', 'demo'] as const;

/** GET /api/server-settings/demo: whether this server has the demo account (issue 40). */
export const fetchDemo = () => api.get<DemoStatusResponse>('/server-settings/demo');

/** DELETE /api/server-settings/demo: "Remove the demo" — the demo account and its data, nobody else's. */
export const removeDemo = () => api.delete<DemoStatusResponse>('/server-settings/demo');

export const ACCESSIBILITY_REPORTS_KEY = ['server-settings', 'accessibility-reports'] as const;

/** Issue 43: the reports sent from the accessibility statement, newest first. */
export const fetchAccessibilityReports = () =>
  api.get<AccessibilityReportsResponse>('/server-settings/accessibility-reports');

export const SALES_ENQUIRIES_KEY = ['server-settings', 'sales-enquiries'] as const;

/** The public site's sales enquiries, newest first, and the waiting list's size. */
export const fetchSalesEnquiries = () => api.get<SalesEnquiriesResponse>('/server-settings/sales-enquiries');
