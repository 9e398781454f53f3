// Issue 44 "Held times": the booking page's calls to hold the chosen time (POST /booking/holds, or a team's
// POST /public/teams/{slug}/holds) and to let it go (DELETE /booking/holds/:token, the team's holds too). Loaded only when the buyer reaches the details step (use-slot-hold.ts).
import type { HoldRequest, SlotHold, TeamHoldRequest } from '@keyturn/domain/schemas/holds';
import { api, ApiError } from '@/lib/api';

/**
 * The time to hold, as the server offered it: an agent's (the property, null for a consultation) — or a team's,
 * whose pool's member the server picks when it holds (issue 44: that member's booking then).
 */
export type HoldTarget = { date: string; time: string; startsAt: string } & (
  | {
      agentId: string;
      propertyId: number | null;
      /** Rescheduling: the booking's manage token (its own time does not count against the new one). */
      rescheduleToken: string | null;
    }
  | { teamSlug: string }
);

export async function holdTime(body: HoldRequest): Promise<SlotHold> {
  const answer = await api.post<{ hold: SlotHold }>('/booking/holds', body);
  return answer.hold;
}

/** POST /public/teams/{slug}/holds: the team's time held for the member the server picks. */
export async function holdTeamTime(slug: string, body: TeamHoldRequest): Promise<SlotHold> {
  const answer = await api.post<{ hold: SlotHold }>(`/public/teams/${encodeURIComponent(slug)}/holds`, body);
  return answer.hold;
}

/** Best effort: a hold not let go ends by itself within minutes. */
export async function releaseTime(token: string): Promise<void> {
  await api.delete(`/booking/holds/${encodeURIComponent(token)}`).catch(() => undefined);
}

/**
 * What use-slot-hold asks for when its target changes: let go of the hold when there is nothing to hold, keep a
 * live hold of the same time (a reload), otherwise hold the new time in place of the old one. A 409 (someone else
 * holds or booked it) is the buyer's to hear; any other failure only means no hold.
 */
export async function syncHold({
  held,
  target,
  keep,
  refused,
  released,
  state,
}: {
  held: SlotHold | null;
  target: HoldTarget | null;
  keep: (hold: SlotHold | null) => void;
  refused: (message: string) => void;
  /** After a hold was let go: the time is offered again (the page asks for the date's times anew). */
  released: () => void;
  state: { cancelled: boolean };
}): Promise<void> {
  if (!target) {
    if (held) {
      keep(null);
      await releaseTime(held.token);
      released();
    }
    return;
  }
  const sameTime = held && Date.parse(held.starts_at) === Date.parse(target.startsAt);
  // (A hold handed over by the assistant's link, HANDED_HOLD_MINUTES, is replaced by this page's own.)
  if (held && sameTime && held.minutes > 0 && Date.parse(held.expires_at) > Date.now()) return;
  try {
    const time = {
      booking_date: target.date,
      booking_time: target.time,
      starts_at: target.startsAt,
      replaces: held?.token ?? null,
    };
    const next =
      'teamSlug' in target
        ? await holdTeamTime(target.teamSlug, time)
        : await holdTime({
            agent_id: target.agentId,
            property_id: target.propertyId,
            ...time,
            reschedule_token: target.rescheduleToken,
          });
    if (state.cancelled) await releaseTime(next.token);
    else keep(next);
  } catch (error) {
    if (state.cancelled) return;
    keep(null);
    if (error instanceof ApiError && error.status === 409) refused(error.message);
  }
}
