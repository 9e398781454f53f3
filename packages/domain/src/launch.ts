// Launch mode (issue 40, decision 069): what the public site says once the server is launched, and the public
// answer that tells every page (server-rendered or not) whether it is. Before launch the pages keep the
// specification's texts; these replace the pre-launch elements after.
// No zod here: every marketing page imports this module, and a schema made at its top level brought zod's 27 KB
// (gzip) into each of their first loads (issue 48). The answer's schema is in ./schemas/launch.
import { TRIAL_DAYS, WAITLIST } from './constants';

/** GET /api/public/launch: the one answer the public pages read (the same for every visitor). */
export const LAUNCH_URL = '/api/public/launch';

/** Where a paid plan's free trial starts: the subscription page (after sign-up when signed out). */
export const TRIAL_TARGET = '/dashboard/subscription?plan=pro&interval=monthly';

export const LAUNCH_TEXTS = {
  startTrial: 'Start free trial',
  startTrialLong: `Start your ${TRIAL_DAYS}-day free trial`,
  heroBadge: `Every paid plan starts with a ${TRIAL_DAYS}-day free trial · Basic is free`,
  ctaTitle: 'Ready when you are',
  ctaText: `Create your account in a minute. Basic is free; every paid plan starts with a ${TRIAL_DAYS}-day free trial.`,
  aboutCtaText: 'Create your account, or take another look around first.',
  testimonialsNote: 'Illustrative quotes from fictional agents, written by the Keyturn team.',
  storiesNote: 'These agents are fictional. Each story only uses features that work in the app today.',
  storiesMetaDescription:
    "Illustrative stories of how real-estate agents use Keyturn's booking pages, availability rules and dashboard. The agents are fictional.",
  upcomingIntro: 'Planned, not available yet.',
  waitlistClosedBadge: 'Waiting list · closed',
  waitlistClosedTitle: 'The waiting list is closed: Keyturn is open to everyone',
  waitlistClosedText: `Create your account and start right away. Already on the waiting list? Sign up with the same e-mail: your ${WAITLIST.discountPercent}% lifetime discount is applied when you choose a paid plan.`,
  signUp: 'Sign up',
  /** POST /api/waitlist after launch (409). */
  waitlistClosed: `The waiting list is closed: Keyturn has launched. Sign up to start; people already on the list keep their ${WAITLIST.discountPercent}% discount.`,
} as const;
