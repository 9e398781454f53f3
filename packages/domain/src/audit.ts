// Issue 46 "Audit log" (Enterprise, decision 092): the entries' shapes, the list's filters and every text the
// audit log's page and answers show. The API (modules/audit) and the web page (features/audit) import these.
import { z } from 'zod';

/** Who made a change: the signed-in agent (or the server's operator), a buyer or seller on their pages, a job. */
export const AUDIT_ACTOR_KINDS = ['agent', 'buyer', 'seller', 'buyer_agent', 'operator', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_ACTIONS = [
  'created',
  'changed',
  'deleted',
  'signed_in',
  'signed_out',
  'sign_in_failed',
  'password_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about: the audited tables (migration 0058) and the account's sign-in events. */
export const AUDIT_ENTITY_TYPES = [
  'bookings',
  'open_houses',
  'properties',
  'property_showing_rules',
  'property_contacts',
  'property_access',
  'access_releases',
  'seller_approval_requests',
  'availability_days',
  'availability_overrides',
  'availability_settings',
  'agents',
  'agent_settings',
  'booking_links',
  'calendar_sync_settings',
  'organizations',
  'members',
  'invitations',
  'team_sso',
  'billing_accounts',
  'server_settings',
  'sms_consent_ledger',
  'account',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** A masked value: a secret shows as this marker. */
export const AUDIT_SECRET_MARK = '••••';
/** A buyer's or seller's personal value: recorded as changed, never with its value. */
export type AuditPersonalMark = { masked: 'personal' };
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/** How far back the log may be read, and the most rows one CSV export holds. */
export const AUDIT_WINDOW_DAYS = 90;
export const AUDIT_CSV_MAX_ROWS = 10_000;
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

export const AUDIT_TEXTS = {
  /** A long list of changed fields, folded. */
  changesCount: (n: number) => `${n} fields changed`,
  title: 'Audit log',
  intro:
    'Every change to bookings, properties, rules, availability, settings, the team and the plan, and every ' +
    'sign-in, sign-out and password change — who, when, from where, and what changed. Kept for reading 90 days.',
  navLabel: 'Audit log',
  upgrade: 'The audit log is part of the Enterprise plan. Upgrade to see who changed what.',
  upgradeLink: 'See plans',
  membersOnly: 'Only the team’s owners and admins can see the audit log.',
  filters: {
    from: 'From',
    to: 'To',
    actor: 'Who',
    entityType: 'What',
    action: 'Action',
    any: 'Any',
    apply: 'Apply filters',
  },
  columns: { time: 'Time', actor: 'Who', ip: 'IP address', action: 'What', changes: 'Before → after' },
  download: 'Download CSV',
  loadMore: 'Show older entries',
  empty: 'No entries match these filters.',
  loadError: 'The audit log could not be loaded. Please try again.',
  masked: 'changed (personal data not recorded)',
  secret: AUDIT_SECRET_MARK,
  unset: '(none)',
  noIp: '—',
  zone: (zone: string) => `Times in ${zone}`,
  actors: {
    agent: 'Agent',
    buyer: 'Buyer',
    seller: 'Seller',
    buyer_agent: 'Buyer’s agent',
    operator: 'Server administrator',
    system: 'Keyturn (automatic)',
  } satisfies Record<AuditActorKind, string>,
  actions: {
    created: 'Created',
    changed: 'Changed',
    deleted: 'Deleted',
    signed_in: 'Signed in',
    signed_out: 'Signed out',
    sign_in_failed: 'Sign-in failed',
    password_changed: 'Password changed',
  } satisfies Record<AuditAction, string>,
  entities: {
    bookings: 'Showing',
    open_houses: 'Open house',
    properties: 'Property',
    property_showing_rules: 'Showing rules',
    property_contacts: 'Seller contact',
    property_access: 'Access details',
    access_releases: 'Access release',
    seller_approval_requests: 'Seller approval',
    availability_days: 'Weekly hours',
    availability_overrides: 'Date override',
    availability_settings: 'Availability settings',
    agents: 'Profile',
    agent_settings: 'Settings',
    booking_links: 'Booking link',
    calendar_sync_settings: 'Calendar settings',
    organizations: 'Team',
    members: 'Team member',
    invitations: 'Team invitation',
    team_sso: 'Team SSO',
    billing_accounts: 'Plan and billing',
    server_settings: 'Server settings',
    sms_consent_ledger: 'Text consent',
    account: 'Account',
  } satisfies Record<AuditEntityType, string>,
  errors: {
    planRequired: 'The audit log is part of the Enterprise plan. Upgrade to use it.',
    forbidden: 'Only the team’s owners and admins can see the audit log.',
    tooOld: `The audit log can be read ${AUDIT_WINDOW_DAYS} days back at most.`,
    order: 'The start must be before the end.',
    cursor: 'This page link is not valid.',
  },
  csvCut: (max: number) =>
    `# Cut at ${max.toLocaleString('en-US')} rows: narrow the dates or filters for the rest.`,
} as const;

const instant = z.iso.datetime({ offset: true, error: 'Enter a time as an ISO 8601 instant' });

/** GET /api/audit-log and /api/audit-log/export.csv: the filters (the 90-day window is checked by the API). */
export const auditQuerySchema = z.object({
  from: instant.optional(),
  to: instant.optional(),
  actor: z.enum(AUDIT_ACTOR_KINDS).optional(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, AUDIT_TEXTS.errors.cursor)
    .optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  agentId: z.string().nullable(),
  teamId: z.string().nullable(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    id: z.string().nullable(),
    label: z.string().nullable(),
  }),
  ip: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
  window: z.object({ from: z.string(), to: z.string() }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A change's value as the page and the CSV show it. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return AUDIT_TEXTS.unset;
  if (typeof value === 'object' && (value as { masked?: unknown }).masked === 'personal')
    return AUDIT_TEXTS.masked;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The dashboard page of the audit log. */
export const AUDIT_LOG_PATH = '/dashboard/audit-log';
