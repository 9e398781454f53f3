// The end of a short buyer form on the booking page (the waiting list's, an open house's registration): the
// server's refusal in an alert the form focuses, then the submit button (busy while sending) and Cancel.
import type { Ref } from 'react';
import { SpinnerCircle } from '@/components/ui/spinner';
import { BrandButton } from './brand-button';

export function BuyerFormActions({
  failure,
  failureRef,
  submitting,
  submit,
  cancel,
  onCancel,
}: {
  failure: string | null;
  failureRef: Ref<HTMLDivElement>;
  submitting: boolean;
  submit: string;
  cancel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {failure ? (
        <div
          ref={failureRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 focus:outline-none"
        >
          {failure}
        </div>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:flex-wrap">
        <BrandButton type="submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? <SpinnerCircle size="sm" /> : null}
          {submit}
        </BrandButton>
        <BrandButton variant="outline" onClick={onCancel}>
          {cancel}
        </BrandButton>
      </div>
    </>
  );
}
