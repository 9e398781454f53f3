// My day's, the pin's and the tours' texts (issue 16, issue 30's plain words), apart from messages.ts so that the
// booking page's first load does not carry them (issue 27's budget): only the dashboard imports this module.
import { CITY_SPEED_KMH, DETOUR_FACTOR } from './travel';

/** Route optimisation (issue 16): the texts of My day, the property form's pin and the booking page. */
export const ROUTE_MESSAGES = {
  /** A drive longer than the gap between two showings. */
  cannotReach: (address: string, clock: string, driveMinutes: number, gapMinutes: number) =>
    `You can't be at ${address} by ${clock}: ${driveMinutes} min drive, ${gapMinutes} min gap`,
  estimatedLabel: 'estimated',
  /** Road routing off: the drive times on screen are the estimate (its numbers are routes/travel.ts's). */
  estimatedNote: `Drive times are estimated from the straight-line distance (${DETOUR_FACTOR} times it, at ${CITY_SPEED_KMH} km/h). Road routing isn't switched on for this Keyturn server — your administrator can switch it on in Server settings.`,
  /** The street map (tiles) off: places are drawn on a blank background. */
  tilesOff:
    "The street map isn't switched on for this Keyturn server — your administrator can switch it on in Server settings. Until then, places are drawn without streets.",
  /** Finding addresses (the geocoder) off: pins are placed by hand. */
  geocoderOff:
    "Finding addresses on the map isn't switched on for this Keyturn server — your administrator can switch it on in Server settings. Until then, drag the pin or click the map to place it.",
  /** POST /api/routes/find-address: the geocoder found nothing. */
  addressNotFound:
    "We couldn't find this address on the map. Check it, or drag the pin (or click the map) to place it.",
  /** The geocoder failed, did not answer in time, or is busy with other requests. */
  mapsUnavailable:
    "The map search didn't answer just now. Try again in a moment, or drag the pin (or click the map) to place it.",
  findOnMap: 'Find the address on the map',
  findingOnMap: 'Finding…',
  /** The coordinates: a fallback, collapsed. */
  enterCoordinates: 'Enter coordinates instead',
  missingPlace: 'No map position for this property: drive times to and from it are not known.',
  infeasible: "No order fits every showing in its allowed times: some can't be reached in time.",
  nothingToOptimise: 'Nothing to optimise: no pending showings on this day that could move.',
  alreadyOptimal: 'Your order is already the shortest drive.',
  notInWindow: 'Route optimisation plans days from tomorrow to the end of the booking window.',
  /** The office address the geocoder could not place. */
  officeNotFound:
    "We couldn't find this address on the map. Drag the pin (or click the map) to place it, or enter its coordinates.",
  /** Finding addresses is off and no pin was given. */
  officePinRequired:
    "Finding addresses on the map isn't switched on for this Keyturn server: drag the pin (or click the map) to place the office, or enter its coordinates.",
  /** What the office is used for, on the settings form. */
  officeHelp:
    'Your day starts here: My day and Optimise count the drive from the office to your first showing, and with "cluster showings by area" buyers are not offered a first time you can\'t reach from it when your hours open.',
  /** Buyer tours. */
  tourNoFit:
    'These properties do not fit in the open times of this day with the drives between them. Pick another day or fewer properties.',
  tourNeedsPlace: (address: string) => `${address} has no map position yet: place its pin first.`,
  tourNotOpen: 'This time is not free any more.',
  tourTooClose: (drive: number, gap: number) =>
    `Too close to the stop before: ${drive} min drive, ${gap} min gap.`,
  /** An adjusted tour's stop too early to reach from the office at the day's opening (the booking's rule). */
  tourFromOffice: (drive: number) =>
    `Too early: the day starts at your office, ${drive} min away — not enough time to get here.`,
  /** An adjusted tour's stop a booked showing leaves no time to drive to or from (the booking's rule). */
  tourFromShowing: (drive: number) =>
    `Too close to a booked showing: ${drive} min drive — not enough time to get here or on.`,
  tourNotValid: 'A stop of this tour does not hold any more. Check the times again.',
  tourNotFound: 'This tour link is not valid. Please ask your agent for a new one.',
  tourAlreadyBooked: 'This tour is already booked.',
  /** The invitation e-mail (POST /api/tours with invite_email, POST /api/tours/:id/invite). */
  tourInviteNoEmail: "Type the buyer's e-mail address to send the invitation.",
  tourInviteSent: (email: string) => `Invitation e-mailed to ${email}.`,
  tourInviteEmailLabel: "Buyer's e-mail",
  tourInviteEmailHelp:
    "We e-mail the invitation in your branding, with the stops and the link. Without the buyer's address, copy the link above.",
  tourInviteButton: 'E-mail the invitation',
  tourInviteRetry: 'Send a tour invitation again from the tour builder on My day (E-mail the invitation).',
  /** The agent's booking details: the other stops of the tour this booking is part of. */
  tourPartOf: 'Part of a tour',
  /** A stop taken since the invitation: nothing is booked; the buyer contacts the agent for a new proposal. */
  tourStopTaken: (address: string, clock: string) =>
    `${address} at ${clock} is no longer free, so nothing was booked. Please contact your agent for new times.`,
  /** A tour stop the agent can no longer reach in time from showings booked since the invitation. */
  tourStopUnreachable: (address: string, clock: string) =>
    `Your agent can no longer get to ${address} at ${clock} in time from their other showings, so nothing was booked. Please contact your agent for new times.`,
  /** A tour stop the agent cannot reach from their office at the opening of the day (issue 29: the true reason). */
  tourStopUnreachableFromOffice: (address: string, clock: string) =>
    `Your agent starts the day at their office and cannot get to ${address} by ${clock}, so nothing was booked. Please contact your agent for new times.`,
  /** A public slot the agent can no longer reach in time (someone booked a showing far away next to it). */
  slotUnreachable:
    'Your agent can no longer get to this showing in time from their other showings. Please pick another time.',
} as const;
