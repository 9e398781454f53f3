// "Confirm I'm coming" on the buyer's manage page (issue 33, decision 056): an upcoming confirmed showing the
// buyer has not confirmed yet offers the button; once confirmed (here or by a Y reply to our text), the page
// says so with the time, in the buyer's zone.
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { ManagedBooking } from '@keyturn/domain/schemas/publicBooking';
import { ApiError } from '@/lib/api';
import { useLocale, useT } from '@/lib/i18n';
import { MANAGE } from '../manage-texts';
import { formatClock } from '@keyturn/domain/time';
import { confirmAttendance } from '../api';
import { BrandButton } from './brand-button';

export function ConfirmAttendance({
  booking,
  token,
  buyerZone,
  onChanged,
}: {
  booking: ManagedBooking;
  token: string;
  buyerZone: string;
  onChanged: () => void;
}) {
  const t = useT(MANAGE);
  const { intlLocale } = useLocale();
  const mutation = useMutation({ mutationFn: () => confirmAttendance(token), onSettled: onChanged });
  if (booking.buyer_confirmed_at) {
    // In the buyer's zone, labelled with it (the domain's clock): the page's other times are the agent's.
    const day = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeZone: buyerZone }).format(
      new Date(booking.buyer_confirmed_at),
    );
    const at = `${day}, ${formatClock(booking.buyer_confirmed_at, buyerZone, { zoneName: true, locale: intlLocale })}`;
    return (
      <p role="status" className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
        {t('confirmedComing', { via: booking.buyer_confirmed_via === 'text' ? 'text' : 'web', at })}
      </p>
    );
  }
  if (!booking.can_confirm) return null;
  return (
    <div className="mb-4 flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">{t('stillComing', { agent: booking.agent.name })}</p>
      <BrandButton
        disabled={mutation.isPending}
        onClick={() =>
          mutation.mutate(undefined, {
            onError: (error) =>
              toast.error(
                error instanceof ApiError && error.status === 409 ? error.message : t('confirmFailed'),
              ),
          })
        }
      >
        {mutation.isPending ? t('confirming') : t('confirmComing')}
      </BrandButton>
    </div>
  );
}
