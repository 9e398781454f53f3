// Issue 44 "Held times": how long the chosen time stays held — on the details step of the booking and team pages,
// and on a buyer's tour (every stop's time). The clock is shown, not read out every second: a screen reader hears
// once when one minute is left and once when the hold ends.
import { useEffect, useState } from 'react';
import { HOLD_TEXTS, holdClock, holdSecondsLeft } from '@keyturn/domain/slots/holds';

export function HoldNotice({ expiresAt, time }: { expiresAt: string; time: string }) {
  const [now, setNow] = useState(() => new Date());
  const left = holdSecondsLeft(expiresAt, now);
  const ended = left === 0;
  useEffect(() => {
    if (ended) return;
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, [ended]);
  const announced = ended ? HOLD_TEXTS.ended : left <= 60 ? HOLD_TEXTS.lastMinute : '';
  return (
    <div className="mt-4 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="hold-notice">
      <p>{ended ? HOLD_TEXTS.ended : HOLD_TEXTS.holding(time, holdClock(left))}</p>
      <p className="sr-only" role="status" aria-live="polite">
        {announced}
      </p>
    </div>
  );
}
