// A property's sellers, occupants, tenants and co-listing agents (issue 32 §2): read by whoever may see the
// property, changed by whoever may edit it (properties/service.ts decides both: another agent's or another
// team's property is 404). Approval requests are a Professional feature (decision 053): a contact may be set to
// receive them only on a plan that includes seller approvals.
import { and, asc, eq, sql } from 'drizzle-orm';
import { SELLER_APPROVAL_MESSAGES as M } from '@keyturn/domain/listing/sellerApprovalTexts';
import {
  contactInputSchema,
  type ContactInput,
  type ContactPatch,
  type PropertyContact,
} from '@keyturn/domain/schemas/contacts';
import type { Db, DbTransaction } from '../../db/client';
import { propertyContacts } from '../../db/schema';
import { AppError, fieldErrors, notFound, validationError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { requirePlanFeature } from '../../http/plan-gate';
import type { AgentRow } from '../core/agents';
import { getProperty } from '../properties/service';

type ContactRow = typeof propertyContacts.$inferSelect;
const contactNotFound = () => notFound('Contact not found.');

export function toContact(row: ContactRow): PropertyContact {
  return {
    id: row.id,
    property_id: row.propertyId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    gets: row.gets,
    channel: row.channel,
    sms_consent_at: row.smsConsentAt?.toISOString() ?? null,
    language: row.language ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The property as the caller may see it (404 otherwise); `edit` also needs the right to change it. */
async function propertyFor(db: Db, agent: AgentRow, rawId: string, edit: boolean) {
  const property = await getProperty(db, agent, rawId);
  if (edit && !property.can_edit) throw notFound('Property not found.');
  return property;
}

export async function listContacts(db: Db, agent: AgentRow, rawId: string): Promise<PropertyContact[]> {
  const property = await propertyFor(db, agent, rawId, false);
  const rows = await db
    .select()
    .from(propertyContacts)
    .where(eq(propertyContacts.propertyId, property.id))
    .orderBy(asc(propertyContacts.createdAt), asc(propertyContacts.id));
  return rows.map(toContact);
}

function checked(input: ContactInput) {
  const parsed = contactInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
  return parsed.data;
}

/**
 * Inside `tx`, with the property's row locked (two saves at once wait for each other): another contact of the
 * listing with the same e-mail address or phone number is a 409 naming the field — each person gets each message
 * once. `self` is the contact being changed.
 */
async function assertNoTwin(
  tx: DbTransaction,
  propertyId: number,
  c: { email: string | null; phone: string | null },
  self: string | null,
) {
  await tx.execute(sql`select id from properties where id = ${propertyId} for update`);
  const others = (
    await tx.select().from(propertyContacts).where(eq(propertyContacts.propertyId, propertyId))
  ).filter((o) => o.id !== self);
  const email = c.email?.toLowerCase();
  const sameEmail = email ? others.find((o) => o.email?.toLowerCase() === email) : undefined;
  if (sameEmail)
    throw new AppError(409, 'CONTACT_EXISTS', M.contactEmailTaken(sameEmail.name), {
      email: M.contactEmailTaken(sameEmail.name),
    });
  const samePhone = c.phone ? others.find((o) => o.phone === c.phone) : undefined;
  if (samePhone)
    throw new AppError(409, 'CONTACT_EXISTS', M.contactPhoneTaken(samePhone.name), {
      phone: M.contactPhoneTaken(samePhone.name),
    });
}

function columnsOf(c: ReturnType<typeof checked>, smsConsentAt: Date | null) {
  const { name, email, phone, role, gets, channel, language } = c;
  return { name, email, phone, role, gets, channel, language, smsConsentAt };
}

export async function createContact(
  db: Db,
  agent: AgentRow,
  rawId: string,
  input: ContactInput,
  now: Date,
): Promise<PropertyContact> {
  const property = await propertyFor(db, agent, rawId, true);
  const c = checked(input);
  if (c.gets.approvals) requirePlanFeature(agent, 'sellerApprovals');
  const row = await db.transaction(async (tx) => {
    await assertNoTwin(tx, property.id, c, null);
    const [inserted] = await tx
      .insert(propertyContacts)
      .values({ propertyId: property.id, ...columnsOf(c, c.sms_consent ? now : null) })
      .returning();
    return inserted!;
  });
  return toContact(row);
}

async function ownContact(db: Db, propertyId: number, contactId: string): Promise<ContactRow> {
  if (!isUuid(contactId)) throw contactNotFound();
  const [row] = await db
    .select()
    .from(propertyContacts)
    .where(and(eq(propertyContacts.id, contactId), eq(propertyContacts.propertyId, propertyId)));
  if (!row) throw contactNotFound();
  return row;
}

export async function updateContact(
  db: Db,
  agent: AgentRow,
  rawId: string,
  contactId: string,
  patch: ContactPatch,
  now: Date,
): Promise<PropertyContact> {
  const property = await propertyFor(db, agent, rawId, true);
  const row = await ownContact(db, property.id, contactId);
  const c = checked({
    name: patch.name ?? row.name,
    email: patch.email === undefined ? row.email : patch.email,
    phone: patch.phone === undefined ? row.phone : patch.phone,
    role: patch.role ?? row.role,
    gets: patch.gets ?? row.gets,
    channel: patch.channel ?? row.channel,
    sms_consent: patch.sms_consent ?? row.smsConsentAt !== null,
    language: patch.language === undefined ? row.language : patch.language,
  });
  if (c.gets.approvals && !row.gets.approvals) requirePlanFeature(agent, 'sellerApprovals');
  const updated = await db.transaction(async (tx) => {
    await assertNoTwin(tx, property.id, c, row.id);
    const [saved] = await tx
      .update(propertyContacts)
      // Consent keeps the time it was first given; withdrawn, it is cleared.
      .set(columnsOf(c, c.sms_consent ? (row.smsConsentAt ?? now) : null))
      .where(eq(propertyContacts.id, row.id))
      .returning();
    return saved!;
  });
  return toContact(updated);
}

export async function deleteContact(db: Db, agent: AgentRow, rawId: string, contactId: string) {
  const property = await propertyFor(db, agent, rawId, true);
  const row = await ownContact(db, property.id, contactId);
  await db.delete(propertyContacts).where(eq(propertyContacts.id, row.id));
}
