// The demo dataset's fixed facts, in one place: the demo agent, her listings in Austin (with coordinates for
// route planning), the buyers who book with her, and what they write. generate.ts turns these into a dated
// history relative to today; seed.ts writes it. Insights, reports, routes and the assistant use it as their
// fixture, so tests may name anything here.
import { DEMO_EMAIL } from '@keyturn/domain/demo';
import type { BudgetRange, BuyerType, IncomeRange } from '@keyturn/domain/enums';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@keyturn/domain/schemas/agentSettings';
import { DEFAULT_AVAILABILITY, type AgentAvailability } from '@keyturn/domain/schemas/availability';
import type { InterestLevel, PriceOpinion } from '@keyturn/domain/schemas/feedback';

export const DEMO_AGENT = {
  email: DEMO_EMAIL,
  password: 'keyturn-demo',
  firstName: 'Dana',
  lastName: 'Whitfield',
  username: 'dana-whitfield',
  phone: '+1 512 555 0142',
  companyName: 'Whitfield Realty',
  timeZone: 'America/Chicago',
  // Professional: more than Basic's three listings, and texts next to e-mails.
  plan: 'pro',
} as const;

/** Whitfield Realty's logo colour (the logo is drawn by images.ts). */
export const DEMO_BRAND_RGB: [number, number, number] = [30, 64, 124];

/**
 * Her hours (Monday to Friday 09:00–17:00) and "Require my approval" on: every booking a buyer makes is a
 * request she confirms or declines, so the requests still waiting and the setting tell the same story
 * (decision 045). generate.ts reads the hours from here.
 */
export const DEMO_AVAILABILITY: AgentAvailability = { ...DEFAULT_AVAILABILITY, requires_approval: true };

/** Her messages: the defaults, and texts next to e-mails. */
export const DEMO_NOTIFICATION_SETTINGS = { ...DEFAULT_NOTIFICATION_SETTINGS, sms_reminders: true };

/**
 * When people act in the demo — buyers book, answer and cancel, the agent approves (on weekdays) — as wall
 * times in her zone: the day, not the night. The showings themselves keep her hours.
 */
export const DEMO_ACTIVE_HOURS = { from: '08:00', to: '19:00' } as const;

/** The seed of the dataset's random choices: same seed, same day → the same demo. */
export const DEMO_SEED = 20_260_412;

/** How far the history reaches back and the diary ahead, in days from today (the agent's zone). */
export const DEMO_PAST_DAYS = 90;
export const DEMO_FUTURE_DAYS = 14;

/** What the street photo shows: the building's form and its setting (exterior.ts draws each differently). */
export type DemoForm = {
  /** A detached house, a row of townhouses, a mid-rise with balconies, a flat-roofed loft block. */
  kind: 'house' | 'row' | 'midrise' | 'loft';
  roof: 'gable' | 'hip' | 'gambrel' | 'flat';
  windows: 'square' | 'tall' | 'wide' | 'arched';
  garage: boolean;
  porch: boolean;
  fence: boolean;
  tree: 'oak' | 'cedar' | 'myrtle' | 'none';
  sky: 'noon' | 'morning' | 'evening';
  /** Seen from the other side: the pictures are mirrored. */
  mirror: boolean;
};

export type DemoScene = {
  form: DemoForm;
  /** Exterior palette: walls, roof, door, trim. */
  walls: [number, number, number];
  roof: [number, number, number];
  door: [number, number, number];
  storeys: 1 | 2 | 3;
  /** Interior: wall and floor colours of the living-room picture. */
  room: [number, number, number];
  floor: [number, number, number];
};

export type DemoProperty = {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  price: number;
  bedrooms: number;
  bathrooms: number;
  propertyType: string;
  lat: number;
  lng: number;
  /** Relative share of the viewings (popular listings get more). */
  demand: number;
  /** How buyers tend to feel about it: drives the tone of feedback. */
  reception: 'loved' | 'mixed' | 'pricey' | 'cool';
  scene: DemoScene;
};

type Rgb = [number, number, number];

/** One listing in Austin, TX, as a row (see DEMO_PROPERTIES for what the columns are). */
function listing(
  [address, zipCode, price, bedrooms, bathrooms, propertyType, [lat, lng], demand, reception]: [
    address: string,
    zipCode: string,
    price: number,
    bedrooms: number,
    bathrooms: number,
    propertyType: string,
    at: [lat: number, lng: number],
    demand: number,
    reception: DemoProperty['reception'],
  ],
  [walls, roof, door, storeys, room, floor]: [Rgb, Rgb, Rgb, DemoScene['storeys'], Rgb, Rgb],
  form: DemoForm,
): DemoProperty {
  const scene = { form, walls, roof, door, storeys, room, floor };
  return {
    address,
    city: 'Austin',
    state: 'TX',
    zipCode,
    price,
    bedrooms,
    bathrooms,
    propertyType,
    lat,
    lng,
    demand,
    reception,
    scene,
  };
}

/**
 * The listings: address, ZIP code, price, bedrooms, bathrooms, type, [lat, lng], demand, reception; then the
 * pictures' colours: walls, roof, door, storeys, living-room walls, floor; then the street photo's form.
 */
export const DEMO_PROPERTIES: readonly DemoProperty[] = [
  listing(
    ['1420 Maple Grove Lane', '78704', 685000, 4, 3, 'Residential', [30.2449, -97.7697], 5, 'loved'],
    [[236, 226, 206], [92, 64, 51], [30, 64, 124], 2, [240, 234, 222], [166, 124, 82]],
    {
      kind: 'house',
      roof: 'gable',
      windows: 'square',
      garage: true,
      porch: true,
      fence: false,
      tree: 'oak',
      sky: 'noon',
      mirror: false,
    },
  ),
  listing(
    ['88 Riverside Drive, Unit 12B', '78701', 429000, 2, 2, 'Condo', [30.2588, -97.7431], 4, 'mixed'],
    [[176, 190, 204], [71, 85, 105], [15, 118, 110], 3, [226, 232, 240], [120, 113, 108]],
    {
      kind: 'midrise',
      roof: 'flat',
      windows: 'wide',
      garage: false,
      porch: false,
      fence: false,
      tree: 'none',
      sky: 'evening',
      mirror: false,
    },
  ),
  listing(
    ['305 Live Oak Court', '78745', 512500, 3, 2.5, 'Townhouse', [30.2072, -97.7953], 3, 'pricey'],
    [[214, 168, 140], [68, 64, 60], [127, 29, 29], 2, [245, 240, 230], [140, 98, 64]],
    {
      kind: 'row',
      roof: 'gable',
      windows: 'tall',
      garage: false,
      porch: false,
      fence: false,
      tree: 'cedar',
      sky: 'morning',
      mirror: true,
    },
  ),
  listing(
    ['2211 Bluebonnet Trail', '78759', 574000, 3, 2, 'Residential', [30.4021, -97.7526], 3, 'loved'],
    [[250, 246, 236], [51, 65, 85], [180, 83, 9], 1, [236, 242, 236], [180, 140, 100]],
    {
      kind: 'house',
      roof: 'hip',
      windows: 'wide',
      garage: true,
      porch: false,
      fence: false,
      tree: 'myrtle',
      sky: 'morning',
      mirror: false,
    },
  ),
  listing(
    ['4807 Avenue H', '78751', 799000, 3, 2, 'Residential', [30.3155, -97.7239], 2, 'pricey'],
    [[196, 214, 196], [120, 53, 15], [21, 94, 117], 1, [250, 245, 235], [150, 110, 70]],
    {
      kind: 'house',
      roof: 'gable',
      windows: 'tall',
      garage: false,
      porch: true,
      fence: true,
      tree: 'oak',
      sky: 'evening',
      mirror: true,
    },
  ),
  listing(
    ['1100 East 5th Street, Unit 408', '78702', 365000, 1, 1, 'Condo', [30.2637, -97.7313], 2, 'cool'],
    [[203, 213, 225], [30, 41, 59], [190, 18, 60], 3, [241, 245, 249], [100, 116, 139]],
    {
      kind: 'loft',
      roof: 'flat',
      windows: 'wide',
      garage: false,
      porch: false,
      fence: false,
      tree: 'myrtle',
      sky: 'noon',
      mirror: true,
    },
  ),
  listing(
    ['9316 Sweetwater River Drive', '78748', 459000, 4, 2.5, 'Residential', [30.1664, -97.8273], 3, 'mixed'],
    [[231, 214, 186], [87, 83, 78], [22, 101, 52], 2, [250, 243, 230], [186, 150, 110]],
    {
      kind: 'house',
      roof: 'gambrel',
      windows: 'arched',
      garage: true,
      porch: false,
      fence: true,
      tree: 'cedar',
      sky: 'noon',
      mirror: true,
    },
  ),
];

export type DemoBuyer = {
  name: string;
  email: string;
  phone: string;
  buyerType: BuyerType;
  budget: BudgetRange | null;
  income: IncomeRange | null;
  /** Books again: a second look, another listing. */
  repeat?: boolean;
};

const buyer = (
  name: string,
  buyerType: BuyerType,
  budget: BudgetRange | null,
  income: IncomeRange | null,
  phoneSuffix: string,
  repeat = false,
): DemoBuyer => ({
  name,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
  phone: `+1 512 555 01${phoneSuffix}`,
  buyerType,
  budget,
  income,
  ...(repeat ? { repeat } : {}),
});

export const DEMO_BUYERS: readonly DemoBuyer[] = [
  buyer('Jordan Rivera', 'first_time_buyer', '400000-500000', '100000-125000', '01', true),
  buyer('Priya Shah', 'investor', '300000-400000', '200000-300000', '02', true),
  buyer('Sam Kowalski', 'home_owner', '600000-700000', '150000-200000', '03'),
  buyer('Morgan Tate', 'first_time_buyer', '300000-400000', '75000-100000', '04'),
  buyer('Elena Garcia', 'home_owner', '700000-800000', '200000-300000', '05', true),
  buyer('Marcus Johnson', 'investor', '400000-500000', '300000-500000', '06'),
  buyer('Aisha Bello', 'first_time_buyer', '400000-500000', '100000-125000', '07'),
  buyer('Tom Becker', 'home_owner', '500000-600000', '125000-150000', '08'),
  buyer('Lena Nguyen', 'first_time_buyer', '300000-400000', '75000-100000', '09', true),
  buyer('Chris Okafor', 'investor', '1000000+', '500000+', '10'),
  buyer('Hannah Miller', 'home_owner', '800000-900000', '200000-300000', '11'),
  buyer('Diego Alvarez', 'first_time_buyer', '400000-500000', '100000-125000', '12'),
  buyer('Sofia Rossi', 'home_owner', '500000-600000', null, '13'),
  buyer('Kevin Park', 'investor', '300000-400000', '150000-200000', '14', true),
  buyer('Rachel Cohen', 'first_time_buyer', '500000-600000', '125000-150000', '15'),
  buyer('Omar Haddad', 'home_owner', '600000-700000', '150000-200000', '16'),
  buyer('Grace Thompson', 'first_time_buyer', '200000-300000', '50000-75000', '17'),
  buyer('Ben Carter', 'investor', '400000-500000', null, '18'),
  buyer('Mia Fischer', 'home_owner', '700000-800000', '200000-300000', '19'),
  buyer('Luis Romero', 'first_time_buyer', '300000-400000', '75000-100000', '20'),
  buyer('Nina Petrova', 'investor', '500000-600000', '300000-500000', '21'),
  buyer('Jamal Wright', 'first_time_buyer', '400000-500000', '100000-125000', '22'),
  buyer('Claire Dubois', 'home_owner', '900000-1000000', '300000-500000', '23'),
  buyer('Ethan Brooks', 'first_time_buyer', null, null, '24'),
  buyer('Yuki Tanaka', 'investor', '300000-400000', '150000-200000', '25'),
  buyer('Olivia Bennett', 'home_owner', '500000-600000', '125000-150000', '26'),
  buyer('Ravi Patel', 'first_time_buyer', '400000-500000', '100000-125000', '27'),
  buyer('Grant Holloway', 'investor', '600000-700000', '200000-300000', '28'),
  buyer('Isabel Cruz', 'first_time_buyer', '300000-400000', '50000-75000', '29'),
  buyer('Noah Schmidt', 'home_owner', '700000-800000', '150000-200000', '30'),
  buyer('Fatima Zahra', 'first_time_buyer', '400000-500000', '75000-100000', '31'),
  buyer('Derek Lang', 'investor', '1000000+', '500000+', '32'),
  buyer('Tessa Moore', 'home_owner', '500000-600000', '125000-150000', '33'),
  buyer('Andre Silva', 'first_time_buyer', '200000-300000', '50000-75000', '34'),
  buyer('Megan Clarke', 'home_owner', '600000-700000', null, '35'),
  buyer('Victor Huang', 'investor', '400000-500000', '200000-300000', '36'),
];

/** What buyers write in the booking form's message box (about half leave it empty). */
export const DEMO_BOOKING_MESSAGES: readonly string[] = [
  'We are relocating from Denver in March and would love to see it before we fly back.',
  'Is the backyard fenced? We have a dog.',
  'Pre-approved up to the asking price. Could we also talk about HOA fees?',
  'I work downtown, so a late-afternoon slot is ideal.',
  'Looking for a rental investment — I would like to see the utility bills if possible.',
  'My partner will join by video call.',
  'First home for us, so we will have lots of questions!',
  'Can we check the commute to the Domain during the visit?',
  'Interested in the school district; we have two kids in elementary school.',
  'Please let me know if parking is tricky.',
];

/** Other (Specify) purposes buyers type in. */
export const DEMO_CUSTOM_PURPOSES: readonly string[] = [
  'Mortgage pre-approval chat',
  'Relocation consultation',
  'Selling my condo first',
  'Neighbourhood tour',
];

export const CANCEL_REASONS: readonly string[] = [
  'We found another place.',
  'Work trip came up — will rebook.',
  'Our financing is delayed.',
  'Sick kid at home, sorry!',
];

export const FEEDBACK_TONES = ['enthusiastic', 'lukewarm', 'negative', 'mixed_price'] as const;
export type FeedbackTone = (typeof FEEDBACK_TONES)[number];

export type DemoFeedbackText = {
  rating: number;
  interest: InterestLevel;
  price: PriceOpinion | null;
  secondShowing: boolean | null;
  liked: string | null;
  disliked: string | null;
  comments: string | null;
};

/** One answer: the rating (1–5), the interest, the price opinion, a second showing wanted, and the words. */
const said = (
  rating: number,
  interest: InterestLevel,
  price: PriceOpinion | null,
  secondShowing: boolean | null,
  words: Pick<DemoFeedbackText, 'liked' | 'disliked' | 'comments'>,
): DemoFeedbackText => ({ rating, interest, price, secondShowing, ...words });

/** What buyers answer after a showing, by tone. */
export const DEMO_FEEDBACK: Record<FeedbackTone, readonly DemoFeedbackText[]> = {
  enthusiastic: [
    said(5, 'very_interested', 'good_value', true, {
      liked: 'The light in the kitchen is amazing and the backyard is huge.',
      disliked: null,
      comments: 'We loved it! Can we come back with my parents this weekend?',
    }),
    said(5, 'very_interested', 'fair', true, {
      liked: 'Open floor plan, quiet street, walkable to the park.',
      disliked: 'Guest bath needs updating, but that is easy.',
      comments: 'This is the one. We would like to talk about making an offer.',
    }),
    said(4, 'very_interested', 'fair', true, {
      liked: 'Beautiful oak trees and the primary suite is perfect.',
      disliked: null,
      comments: 'Really impressed — thank you for the great tour, Dana!',
    }),
  ],
  lukewarm: [
    said(3, 'somewhat_interested', 'fair', false, {
      liked: 'Nice location.',
      disliked: 'Smaller than it looked in the photos.',
      comments: 'It was okay. We want to see a few more before deciding.',
    }),
    said(3, 'somewhat_interested', null, null, {
      liked: 'Good schools nearby.',
      disliked: 'The layout feels a bit choppy.',
      comments: 'Not sure yet. Maybe.',
    }),
  ],
  negative: [
    said(1, 'not_interested', 'too_high', false, {
      liked: null,
      disliked: 'Strong damp smell in the basement and the road noise is constant.',
      comments: 'Disappointed — not what the listing described.',
    }),
    said(2, 'not_interested', 'fair', false, {
      liked: 'Friendly neighbours.',
      disliked: 'Kitchen is tiny and there is no storage at all.',
      comments: 'Not for us, unfortunately.',
    }),
  ],
  mixed_price: [
    said(4, 'somewhat_interested', 'too_high', true, {
      liked: 'Gorgeous finishes and a great view from the balcony.',
      disliked: 'Way over what comparable places nearby sold for.',
      comments:
        'We love the place but the price is too high. Would the seller consider an offer around $40k less?',
    }),
    said(3, 'somewhat_interested', 'too_high', false, {
      liked: 'The renovation is beautiful.',
      disliked: 'HOA fees plus the asking price put it out of our range.',
      comments: 'Great home, but overpriced for the area. If it drops we are interested.',
    }),
  ],
};
