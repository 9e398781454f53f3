// The team page's calls (issue 15): the team, and a consultation booked with it. A module of its own, loaded
// by the team page's chunk and — only when a team consultation is submitted — by the booking flow, so the
// agent booking page's first load does not carry it.
import type {
  PublicTeamPage,
  TeamBookingRequestInput,
  TeamBookingResult,
} from '@keyturn/domain/schemas/teamPage';
import { api, inlineGet, request } from '@/lib/api';

const segment = encodeURIComponent;

/** GET /public/teams/{slug} → { success, data: { team, properties, poolSize } }; 404 TEAM_NOT_FOUND. */
export async function fetchPublicTeam(slug: string): Promise<PublicTeamPage> {
  return (await api.get<{ data: PublicTeamPage }>(teamPath(slug))).data;
}

/** The team a server-rendered team page carries (decisions 034, 036), once; undefined otherwise. */
export function inlinePublicTeam(slug: string): PublicTeamPage | undefined {
  return inlineGet<{ data: PublicTeamPage }>(teamPath(slug))?.data;
}

function teamPath(slug: string): string {
  return `/public/teams/${segment(slug)}`;
}

/**
 * POST /public/teams/{slug}/booking (201 { success, booking, agent }): a consultation with a team; the server
 * picks the member (round robin) and names them. The idempotency key is made once per submit attempt.
 */
export async function createTeamBooking(
  slug: string,
  body: TeamBookingRequestInput,
  idempotencyKey: string,
): Promise<TeamBookingResult> {
  const response = await request<TeamBookingResult>('POST', `/public/teams/${segment(slug)}/booking`, body, {
    'Idempotency-Key': idempotencyKey,
  });
  return { booking: response.data.booking, agent: response.data.agent };
}
