// Issue 44 "Open houses with capacity" (decision 086): the agent's open houses (POST|GET /api/open-houses,
// DELETE /api/open-houses/:id), a property's open houses on its booking page (GET
// /api/booking/open-houses/:propertyId) and a buyer's registration (POST /api/booking/open-houses/:id/register).
// The rule and its words: slots/openHouse.ts.
import { z } from 'zod';
import { OPEN_HOUSE_MAX_PER_GROUP, OPEN_HOUSE_TEXTS } from '../slots/openHouse';
import { bookingLocaleField, bookingRequestShape, smsConsentField } from './booking';

const booking = bookingRequestShape();

export const openHouseCreateSchema = z.object({
  property_id: z
    .number({ error: 'Choose a property' })
    .int('Choose a property')
    .positive('Choose a property'),
  date: booking.booking_date,
  start_time: booking.booking_time,
  end_time: booking.booking_time,
  groups_per_slot: z
    .number({ error: OPEN_HOUSE_TEXTS.form.groups })
    .int(OPEN_HOUSE_TEXTS.form.groups)
    .min(1, OPEN_HOUSE_TEXTS.form.groups)
    .max(OPEN_HOUSE_MAX_PER_GROUP, OPEN_HOUSE_TEXTS.form.groups),
});
export type OpenHouseCreate = z.infer<typeof openHouseCreateSchema>;

/** One 30-minute time of an open house: its start and what is left of it. */
export const openHouseGroupSchema = z.object({
  starts_at: z.string(),
  taken: z.number().int(),
  left: z.number().int(),
});

export const openHouseViewSchema = z.object({
  id: z.string(),
  property: z.object({ id: z.number().int(), address: z.string() }),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  groups_per_slot: z.number().int(),
  groups: z.array(openHouseGroupSchema),
});
export type OpenHouseView = z.infer<typeof openHouseViewSchema>;
export const openHouseResponseSchema = z.object({ success: z.literal(true), data: openHouseViewSchema });
export const openHousesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(openHouseViewSchema),
});

/** The agent's list also names who registered (name, e-mail, phone) per time. */
export const openHouseRegistrantSchema = z.object({
  booking_id: z.string(),
  starts_at: z.string(),
  client_name: z.string(),
  client_email: z.string(),
  client_phone: z.string(),
});
export const agentOpenHouseSchema = openHouseViewSchema.extend({
  registrants: z.array(openHouseRegistrantSchema),
});
export type AgentOpenHouse = z.infer<typeof agentOpenHouseSchema>;
export const agentOpenHousesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(agentOpenHouseSchema),
});

export const openHouseRegisterSchema = z.object({
  starts_at: z.iso.datetime({ offset: true, error: 'Choose a time of the open house' }),
  client_name: booking.client_name,
  client_email: booking.client_email,
  client_phone: booking.client_phone,
  buyer_type: booking.buyer_type,
  sms_consent: smsConsentField,
  /** Issue 43: the buyer's language (else the request's, else the agent's default). */
  locale: bookingLocaleField,
});
export type OpenHouseRegisterInput = z.input<typeof openHouseRegisterSchema>;
export type OpenHouseRegister = z.output<typeof openHouseRegisterSchema>;
