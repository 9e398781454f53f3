// Issue 44 "Waitlist": the offer of a property's waiting list under a date without open times (loaded by
// waitlist-offer.tsx when such a date shows), and the form once the buyer opens it — its own chunk again.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n';
import { DETAILS } from '../details-texts';
import { BrandButton } from './brand-button';
import type { WaitlistJoinProps } from './waitlist-join';

const WaitlistJoin = lazy(() => import('./waitlist-join').then((m) => ({ default: m.WaitlistJoin })));

export function WaitlistPanel(props: Omit<WaitlistJoinProps, 'onCancel'>) {
  const [shown, setShown] = useState<'offer' | 'form' | 'cancelled'>('offer');
  const button = useRef<HTMLButtonElement>(null);
  const t = useT(DETAILS);
  useEffect(() => {
    if (shown === 'cancelled') button.current?.focus();
  }, [shown]);

  if (shown === 'form') {
    return (
      <Suspense fallback={<Spinner size="sm" />}>
        <WaitlistJoin {...props} onCancel={() => setShown('cancelled')} />
      </Suspense>
    );
  }
  return (
    <div className="mt-3 text-sm text-slate-700">
      <p>{t('wlOffer')}</p>
      <BrandButton ref={button} variant="outline" fullWidth className="mt-3" onClick={() => setShown('form')}>
        {t('wlButton')}
      </BrandButton>
    </div>
  );
}
