// Issue 44 "Held times": on the details step the time the buyer chose is held for them (the agent's hold minutes)
// so nobody else can take it while they type. The hold is kept for the tab's session (a reload keeps it while it
// lasts), moved when they choose another time, and let go when they go back; the booking uses it up. A time
// someone else holds or booked meanwhile sends the buyer back to the calendar with the server's words. Any other
// failure only means no hold: the booking is still checked in full when it is sent.
import { useEffect, useRef, useState } from 'react';
import type { SlotHold } from '@keyturn/domain/schemas/holds';
import type { HoldTarget } from '../holds';
import { to12Hour } from '@keyturn/domain/time';
import type { TimeSlot } from '@keyturn/domain/timeSlots';
import type { FlowChoices } from './use-flow-url';
import { readSession, removeSession, writeSession } from '@/lib/session-store';

const loadHolds = () => import('../holds');

export function useSlotHold({
  target,
  storageKey,
  onRefused,
  onReleased,
}: {
  /** Null when nothing is to be held (not on the details step, a team's page, a reschedule): a hold is let go;
   * 'wait' while the page cannot tell yet (the date's slots loading): nothing changes. */
  target: HoldTarget | null | 'wait';
  storageKey: string;
  onRefused: (message: string) => void;
  /** A hold was let go: its time is offered again, so the date's times are asked anew. */
  onReleased: () => void;
}): SlotHold | null {
  const [hold, setHold] = useState<SlotHold | null>(() => readSession(storageKey, parseHold));
  const current = useRef(hold);
  const refused = useRef(onRefused);
  refused.current = onRefused;
  const releasedRef = useRef(onReleased);
  releasedRef.current = onReleased;
  const key =
    target === 'wait'
      ? 'wait'
      : target
        ? `${target.agentId}|${target.propertyId ?? ''}|${target.startsAt}`
        : null;

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
