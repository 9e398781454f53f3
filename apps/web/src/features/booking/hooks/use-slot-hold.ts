// Issue 44 "Held times": on the details step the time the buyer chose is held for them (the agent's hold minutes)
// so nobody else can take it while they type. The hold is kept for the tab's session (a reload keeps it while it
// lasts), moved when they choose another time, and let go when they go back; the booking uses it up. A time
// someone else holds or booked meanwhile sends the buyer back to the calendar with the server's words. Any other
// failure only means no hold: the booking is still checked in full when it is sent.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@/lib/router';
import type { SlotHold } from '@keyturn/domain/schemas/holds';
import type { HoldTarget } from '../holds';
import { FLOW_PARAMS } from '@keyturn/domain/bookingFlow';
import { to12Hour } from '@keyturn/domain/time';
import type { TimeSlot } from '@keyturn/domain/timeSlots';
import type { FlowChoices } from './use-flow-url';
import { readSession, removeSession, writeSession } from '@/lib/session-store';

const loadHolds = () => import('../holds');

/** A hold this page did not make (handed by the assistant's link): replaced by the page's own at once. */
export const HANDED_HOLD_MINUTES = 0;

export function useSlotHold({
  target,
  storageKey,
  onRefused,
  onReleased,
}: {
  /** Null when nothing is to be held (not on the details step, no time chosen): a hold is let go;
   * 'wait' while the page cannot tell yet (the date's slots loading): nothing changes. */
  target: HoldTarget | null | 'wait';
  storageKey: string;
  onRefused: (message: string) => void;
  /** A hold was let go: its time is offered again, so the date's times are asked anew. */
  onReleased: () => void;
}): SlotHold | null {
  const { search } = useLocation();
  const [hold, setHold] = useState<SlotHold | null>(
    () => readSession(storageKey, parseHold) ?? handedHold(search),
  );
  const current = useRef(hold);
  const refused = useRef(onRefused);
  refused.current = onRefused;
  const releasedRef = useRef(onReleased);
  releasedRef.current = onReleased;
  const key = target === 'wait' ? 'wait' : target ? holdTargetKey(target) : null;

  useEffect(() => {
    if (target === 'wait') return;
    const state = { cancelled: false };
    const keep = (next: SlotHold | null) => {
      current.current = next;
      setHold(next);
      if (next) writeSession(storageKey, next);
      else removeSession(storageKey);
    };
    void loadHolds().then((holds) =>
      holds.syncHold({
        held: current.current,
        target,
        keep,
        refused: (m) => refused.current(m),
        released: () => releasedRef.current(),
        state,
      }),
    );
    return () => {
      state.cancelled = true;
    };
    // The key names the target; storageKey is fixed for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return hold;
}

/**
 * What the details step holds (null off the step or without a chosen instant; 'wait' while the date's slots load):
 * a team's time — the server picks the member when it holds, and the booking with the hold books them — or the
 * agent's (the property; rescheduling, the booking's manage token).
 */
export function holdTargetOf(
  choices: Pick<FlowChoices, 'date' | 'time' | 'startsAt'> | null,
  loading: boolean,
  owner: {
    teamSlug: string | null;
    agentId: string | null;
    propertyId: number | null;
    rescheduleToken: string | null;
  },
): HoldTarget | 'wait' | null {
  if (!choices?.date || !choices.startsAt) return null;
  const time = { date: choices.date, time: choices.time, startsAt: choices.startsAt };
  if (owner.teamSlug) return loading ? 'wait' : { ...time, teamSlug: owner.teamSlug };
  if (!owner.agentId) return null;
  if (loading) return 'wait';
  return {
    ...time,
    agentId: owner.agentId,
    propertyId: owner.propertyId,
    rescheduleToken: owner.rescheduleToken,
  };
}

/** A target's name: a new one means a new hold (an agent's time, or a team's, whose member the server picks). */
function holdTargetKey(target: HoldTarget): string {
  return 'teamSlug' in target
    ? `team|${target.teamSlug}|${target.startsAt}`
    : `${target.agentId}|${target.propertyId ?? ''}|${target.startsAt}`;
}

function parseHold(value: unknown): SlotHold | null {
  if (typeof value !== 'object' || value === null) return null;
  const { token, starts_at, expires_at, minutes } = value as Record<string, unknown>;
  return typeof token === 'string' &&
    typeof starts_at === 'string' &&
    typeof expires_at === 'string' &&
    typeof minutes === 'number'
    ? { token, starts_at, expires_at, minutes }
    : null;
}

/** The buyer's own live hold of the chosen time, as a slot (the date's slots no longer offer it). */
export function heldSlotOf(hold: SlotHold | null, choices: FlowChoices): TimeSlot | null {
  if (!hold || !choices.startsAt || !choices.time) return null;
  if (Date.parse(hold.starts_at) !== Date.parse(choices.startsAt)) return null;
  if (Date.parse(hold.expires_at) <= Date.now()) return null;
  return { time: choices.time, label: to12Hour(choices.time), available: true, startsAt: choices.startsAt };
}

/**
 * The assistant's hold handed over with its "open the form" link (FLOW_PARAMS.hold, with the held instant in
 * FLOW_PARAMS.startsAt): taken as this tab's hold of that time — so the details step shows the time as the
 * buyer's although the date's times leave it out — marked `minutes: 0` (HANDED_HOLD_MINUTES), which the
 * details step replaces at once with its own hold, naming the handed one as the hold it replaces: the server
 * lets it go under the agent's lock. Its end is unknown here; a minute is shown until the page's own arrives.
 */
function handedHold(search: string): SlotHold | null {
  const params = new URLSearchParams(search);
  const token = params.get(FLOW_PARAMS.hold);
  const startsAt = params.get(FLOW_PARAMS.startsAt);
  if (!token || !startsAt || Number.isNaN(Date.parse(startsAt))) return null;
  return {
    token,
    starts_at: startsAt,
    expires_at: new Date(Date.now() + 60_000).toISOString(),
    minutes: HANDED_HOLD_MINUTES,
  };
}
