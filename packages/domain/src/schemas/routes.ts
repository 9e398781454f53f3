// The agent's day on the road (issue 16): GET /api/routes/day, POST …/optimise and …/apply.
import { z } from 'zod';
import { BOOKING_STATUSES } from '../enums';
import { isoDateSchema } from './common';
import { propertyInputSchema } from './property';
import { dayProposalSchema } from './timeProposals';

const travelSource = z.enum(['routed', 'estimated']);

/**
 * The map's tiles, loaded by the browser from tile_url (null: the street map is switched off), and the
 * attribution every map shows, linked to attribution_url (OpenStreetMap's copyright page by default).
 */
const mapTilesSchema = z.object({
  tile_url: z.string().nullable(),
  attribution: z.string(),
  attribution_url: z.string().nullable(),
});
export type MapTiles = z.infer<typeof mapTilesSchema>;

export const dayQuerySchema = z.object({ date: isoDateSchema.optional() });

export const dayShowingSchema = z.object({
  booking_id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  client_name: z.string(),
  property: z
    .object({
      id: z.number(),
      address: z.string(),
      city: z.string(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
    })
    .nullable(),
  /** Pending, not started, with a map position: Optimise may move it. */
  movable: z.boolean(),
});
export type DayShowing = z.infer<typeof dayShowingSchema>;

export const dayLegSchema = z.object({
  from_booking_id: z.string(),
  to_booking_id: z.string(),
  /** null when either end has no map position. */
  minutes: z.number().nullable(),
  meters: z.number().nullable(),
  source: travelSource.nullable(),
});

export const travelWarningSchema = z.object({
  from_booking_id: z.string(),
  to_booking_id: z.string(),
  drive_minutes: z.number(),
  gap_minutes: z.number(),
  text: z.string(),
});

/** The agent's office: where each working day starts (My day, Optimise, the first slot's reachability). */
export const officeSchema = z.object({
  address: z.object({ address: z.string(), city: z.string(), state: z.string(), zip_code: z.string() }),
  lat: z.number(),
  lng: z.number(),
});
export type Office = z.infer<typeof officeSchema>;

export const agentDaySchema = z.object({
  date: isoDateSchema,
  time_zone: z.string(),
  showings: z.array(dayShowingSchema),
  legs: z.array(dayLegSchema),
  /** The agent's office, where the day starts (null when not set). */
  office: officeSchema.nullable(),
  /** The drive from the office to the first showing with a position (counted in the total). */
  start_leg: z
    .object({
      to_booking_id: z.string(),
      minutes: z.number(),
      meters: z.number(),
      source: travelSource,
    })
    .nullable(),
  total_drive_minutes: z.number(),
  warnings: z.array(travelWarningSchema),
  /** The route for the map, [lat, lng] pairs: roads when routed, straight segments when estimated. */
  line: z.array(z.tuple([z.number(), z.number()])),
  line_source: travelSource,
  /** Whether the drive times come from a routing service; estimated otherwise (say so on screen). */
  routing_configured: z.boolean(),
  map: mapTilesSchema,
  /** Whether Optimise may plan this date (tomorrow to the end of the booking window). */
  optimisable: z.boolean(),
  /** The times Optimise proposed to buyers for this date (issue 29), newest first, with their state. */
  proposals: z.array(dayProposalSchema),
});
export type AgentDay = z.infer<typeof agentDaySchema>;
export const agentDayResponseSchema = z.object({ success: z.literal(true), data: agentDaySchema });

export const routeMoveSchema = z.object({
  booking_id: z.uuid(),
  starts_at: z.iso.datetime({ offset: true }),
});

export const optimiseRequestSchema = z.object({ date: isoDateSchema });

export const routeProposalSchema = z.object({
  date: isoDateSchema,
  feasible: z.boolean(),
  method: z.enum(['exact', 'heuristic']),
  /** Booking ids in the proposed visiting order. */
  order: z.array(z.string()),
  /** Only the showings whose time changes (pending requests: proposed to their buyer, never moved). */
  moves: z.array(
    routeMoveSchema.extend({ from_starts_at: z.string(), address: z.string(), client_name: z.string() }),
  ),
  /** Every stop in the proposed order: who, where, the time now and the time proposed (same when it stays). */
  stops: z.array(
    z.object({
      booking_id: z.string(),
      client_name: z.string(),
      address: z.string(),
      status: z.enum(BOOKING_STATUSES),
      from_starts_at: z.string(),
      starts_at: z.string(),
      moves: z.boolean(),
    }),
  ),
  booked_minutes: z.number(),
  optimised_minutes: z.number(),
  saving_minutes: z.number(),
  saving_percent: z.number(),
  /** Why there is nothing to apply, when there is not. */
  note: z.string().nullable(),
});
export type RouteProposal = z.infer<typeof routeProposalSchema>;
export const routeProposalResponseSchema = z.object({ success: z.literal(true), data: routeProposalSchema });

export const applyRouteSchema = z.object({
  date: isoDateSchema,
  moves: z.array(routeMoveSchema).min(1).max(50),
});

/** A property's map position (GET/PUT /api/properties/{id}/position). */
export const propertyPositionSchema = z.object({
  property_id: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** false: no geocoder, so the agent places the pin by hand (the form says so). */
  geocoder_configured: z.boolean(),
  map: mapTilesSchema,
});
export type PropertyPosition = z.infer<typeof propertyPositionSchema>;
export const propertyPositionResponseSchema = z.object({
  success: z.literal(true),
  data: propertyPositionSchema,
});

export const placePropertySchema = z.object({
  lat: z
    .number({ error: 'Latitude is required' })
    .min(-90, 'Latitude is between -90 and 90')
    .max(90, 'Latitude is between -90 and 90'),
  lng: z
    .number({ error: 'Longitude is required' })
    .min(-180, 'Longitude is between -180 and 180')
    .max(180, 'Longitude is between -180 and 180'),
});

/** A postal address as a property's (the same fields and messages). */
export const postalAddressSchema = propertyInputSchema.pick({
  address: true,
  city: true,
  state: true,
  zip_code: true,
});

/** POST /api/routes/find-address: where the geocoder places an address (the pin then moves there). */
export const foundPlaceResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ lat: z.number(), lng: z.number() }),
});

export const OFFICE_PIN_MESSAGE = 'Enter both the latitude and the longitude, or neither';

/**
 * PUT /api/routes/office: the address, and a pin placed by hand (both coordinates) or none — then the
 * geocoder places it (without one configured, the pin is required).
 */
export const officeInputSchema = postalAddressSchema
  .extend({
    lat: placePropertySchema.shape.lat.nullable().default(null),
    lng: placePropertySchema.shape.lng.nullable().default(null),
  })
  .refine((o) => (o.lat === null) === (o.lng === null), { message: OFFICE_PIN_MESSAGE, path: ['lat'] });
export type OfficeInput = z.input<typeof officeInputSchema>;

/** The agent's route settings (GET/PUT /api/routes/settings). */
export const routeSettingsSchema = z.object({
  /** Public slots the agent cannot reach in time are not offered; slots next to a nearby showing are recommended. */
  cluster_by_area: z.boolean({ error: 'Choose on or off' }),
});
export type RouteSettings = z.infer<typeof routeSettingsSchema>;
export const routeSettingsViewSchema = routeSettingsSchema.extend({
  office: officeSchema.nullable(),
  /** false: no geocoder, so the office's pin is placed by hand (the form says so). */
  geocoder_configured: z.boolean(),
  map: mapTilesSchema,
});
export type RouteSettingsView = z.infer<typeof routeSettingsViewSchema>;
export const routeSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: routeSettingsViewSchema,
});
