// Issue 44 "Open houses with capacity" (decision 086): the agent opens a property for a window of a date, taken
// in 30-minute groups of at most N parties each; buyers register for a group until it is full. Pure: the groups
// of a window, what is left of each, the window's checks and every sentence about it. The API's writes live in
// its open-houses module; a registration is a booking (purpose open_house) so it gets the booking's messages.

/** The length of one group of an open house. */
export const OPEN_HOUSE_GROUP_MINUTES = 30;
/** Parties per group, at most (the agent's choice from 1). */
export const OPEN_HOUSE_MAX_PER_GROUP = 50;
/** The longest window of one open house. */
export const OPEN_HOUSE_MAX_HOURS = 8;
export const OPEN_HOUSE_FULL_CODE = 'OPEN_HOUSE_FULL';

/** The start instants of the groups of a window [startsAt, endsAt), 30 minutes apart (a last short piece is none). */
export function openHouseGroups(startsAt: Date, endsAt: Date): Date[] {
  const step = OPEN_HOUSE_GROUP_MINUTES * 60_000;
  const groups: Date[] = [];
  for (let t = startsAt.getTime(); t + step <= endsAt.getTime(); t += step) groups.push(new Date(t));
  return groups;
}

/** Places left in a group of `capacity` with `taken` registrations (never below 0). */
export function placesLeft(capacity: number, taken: number): number {
  return Math.max(0, capacity - taken);
}

/** Why a window cannot be an open house, or null: whole groups, in order, at most 8 hours. */
export function openHouseWindowProblem(startsAt: Date, endsAt: Date): string | null {
  const minutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
  if (minutes < OPEN_HOUSE_GROUP_MINUTES) return OPEN_HOUSE_TEXTS.form.tooShort;
  if (minutes > OPEN_HOUSE_MAX_HOURS * 60) return OPEN_HOUSE_TEXTS.form.tooLong;
  if (minutes % OPEN_HOUSE_GROUP_MINUTES !== 0) return OPEN_HOUSE_TEXTS.form.wholeGroups;
  return null;
}

export const OPEN_HOUSE_TEXTS = {
  /** The property's booking page. */
  public: {
    heading: 'Open houses',
    intro: 'Come at the time you register for; each time takes a few groups.',
    left: (n: number) => (n === 1 ? '1 place left' : `${n} places left`),
    full: 'Full',
    register: 'Register',
    formHeading: (when: string) => `Register for the open house, ${when}`,
    submit: 'Register',
    cancel: 'Cancel',
    registered: (when: string) =>
      `You’re registered for ${when}. We’ve e-mailed you the details and a link to cancel.`,
  },
  /** 409 OPEN_HOUSE_FULL: the group filled up meanwhile. */
  fullNow: 'This time of the open house is full now. Please choose another time.',
  /** 409 when the open house ended, was cancelled or the time is not one of its groups. */
  notOpen: 'This open house is no longer taking registrations for that time.',
  /** 409 DURING_OPEN_HOUSE: the agent books or moves a private showing into one of their open houses. */
  overlapsOpenHouse: (address: string, window: string) =>
    `This time is during your open house at ${address} (${window}). Choose another time, or cancel the open house first.`,
  /** 409 when an open house would overlap a showing already booked. */
  overlapsShowing:
    'A showing is already booked in this window. Move or cancel it first, or choose another window.',
  agent: {
    heading: 'Open houses',
    intro:
      'Open a property for a window of a day: buyers register for a 30-minute time, up to the number of groups ' +
      'you allow, and get the usual confirmation, reminders and feedback request. No private showing can be ' +
      'booked during it.',
    create: 'Schedule an open house',
    property: 'Property',
    date: 'Date',
    from: 'From',
    to: 'To',
    groups: 'Groups per 30 minutes',
    save: 'Schedule open house',
    saved: 'Open house scheduled',
    empty: 'No open house is scheduled.',
    registrations: (taken: number, capacity: number) => `${taken} of ${capacity} registered`,
    cancel: 'Cancel open house',
    cancelConfirm: 'Cancel this open house? Everyone registered is told it is cancelled.',
    cancelled: 'Open house cancelled; the registered buyers have been told',
  },
  form: {
    tooShort: `An open house lasts at least ${OPEN_HOUSE_GROUP_MINUTES} minutes`,
    tooLong: `An open house lasts at most ${OPEN_HOUSE_MAX_HOURS} hours`,
    wholeGroups: `The window must be whole ${OPEN_HOUSE_GROUP_MINUTES}-minute times (for example 1:00 PM to 3:00 PM)`,
    groups: `Between 1 and ${OPEN_HOUSE_MAX_PER_GROUP} groups`,
    past: 'Choose a date from tomorrow on',
  },
} as const;
