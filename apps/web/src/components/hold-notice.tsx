// Issue 44 "Held times": how long the chosen time stays held — on the details step of the booking and team pages,
// and on a buyer's tour (every stop's time). The clock is shown, not read out every second: a screen reader hears
// once when one minute is left and once when the hold ends.
import { useEffect, useState } from 'react';
import { holdClock, holdSecondsLeft } from '@keyturn/domain/slots/holds';
import { useT } from '@/lib/i18n';
import { STEPS } from '@/lib/steps-area';

export function HoldNotice({ expiresAt, time }: { expiresAt: string; time: string }) {
  const t = useT(STEPS);
  const [now, setNow] = useState(() => new Date());
  const left = holdSecondsLeft(expiresAt, now);
  const ended = left === 0;
  useEffect(() => {
    if (ended) return;
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, [ended]);
  const announced = ended ? t('holdEnded') : left <= 60 ? t('lastMinute') : '';
  return (
    <div className="mt-4 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="hold-notice">
      <p>{ended ? t('holdEnded') : t('holding', { time, left: holdClock(left) })}</p>
      <p className="sr-only" role="status" aria-live="polite">
        {announced}
      </p>
    </div>
  );
}
