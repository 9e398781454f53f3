// Issue 44 "Open houses with capacity": the buyer's registration for one 30-minute time of an open house (POST
// /booking/open-houses/:id/register), loaded only when they choose a time (open-house-panel.tsx). Checked in the
// browser with the domain's schema; the server's field messages go under the same fields. A registration is a
// booking: the answer is the booking, with its manage link. A time that filled up (409 OPEN_HOUSE_FULL) or closed
// meanwhile is said in the server's words and the list is asked again; the details typed stay for another time.
// The texts box is offered exactly when the details step offers its own (issue 39), with the booking's wording
// (the server records that version of it, as for any booking).
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { openHouseRegisterSchema } from '@keyturn/domain/schemas/openHouses';
import type {
  OpenHouseRegister as Register,
  OpenHouseRegisterInput,
} from '@keyturn/domain/schemas/openHouses';
import type { BuyerBooking } from '@keyturn/domain/schemas/publicBooking';
import { api, ApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { applyServerErrors } from '@/lib/form-errors';
import { fetchTextsOffered } from '../api';
import { DETAILS, smsConsentWording, useFieldMessage } from '../details-texts';
import { MANAGE } from '../manage-texts';
import { bookingKeys } from '../hooks/use-booking-setup';
import { BuyerFormActions } from './buyer-form-actions';
import { BuyerContactFields } from './buyer-contact-fields';
import { payloadContactFields } from './payload-contact-fields';
import { ConsentCheckbox } from './consent-checkbox';

/** The time is the panel's choice, not a field: the form checks the buyer's answers only. */
const formSchema = openHouseRegisterSchema.omit({ starts_at: true });
type Input = Omit<OpenHouseRegisterInput, 'starts_at'>;
type Values = Omit<Register, 'starts_at'>;
/** The form's own fields: the server's 400 names them alike (payload names). */
const FIELDS: Path<Input>[] = ['client_name', 'client_email', 'client_phone', 'buyer_type', 'sms_consent'];

export interface OpenHouseRegisterProps {
  agentId: string;
  openHouseId: string;
  /** The chosen time's start, as the server gave it. */
  startsAt: string;
  /** The chosen time as the page writes it: its date, clock and zone. */
  when: string;
  onCancel: () => void;
  /** The server answered (registered, or the time is full or closed): the places left have changed. */
  onAnswered: () => void;
}

export function OpenHouseRegister({
  agentId,
  openHouseId,
  startsAt,
  when,
  onCancel,
  onAnswered,
}: OpenHouseRegisterProps) {
  const headingId = useId();
  const t = useT(DETAILS);
  const tm = useT(MANAGE);
  const say = useFieldMessage();
  const heading = useRef<HTMLHeadingElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const [booked, setBooked] = useState<BuyerBooking | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Another time chosen: a new registration, with the details already typed.
  const [shownFor, setShownFor] = useState(startsAt);
  if (shownFor !== startsAt) {
    setShownFor(startsAt);
    setBooked(null);
    setFailure(null);
  }
  // The details step's own question (booking-flow.tsx), answered from the same cache entry.
  const texts = useQuery({
    queryKey: bookingKeys.texts(agentId),
    queryFn: () => fetchTextsOffered(agentId),
    staleTime: 60_000,
  });
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(formSchema),
    defaultValues: { client_name: '', client_email: '', client_phone: '', sms_consent: false },
  });
  const { register, formState } = form;
  const { errors } = formState;

  useEffect(() => heading.current?.focus(), [startsAt]);
  useEffect(() => {
    if (booked || failure) outcome.current?.focus();
  }, [booked, failure]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await api.post<{ booking: BuyerBooking }>(
        `/booking/open-houses/${encodeURIComponent(openHouseId)}/register`,
        { starts_at: startsAt, ...values },
      );
      setBooked(answer.booking);
      onAnswered();
    } catch (error) {
      // Full or closed meanwhile: the server's words, and the list as it is now.
      if (error instanceof ApiError && error.status === 409) {
        setFailure(error.message);
        onAnswered();
        return;
      }
      const { onFields, message } = applyServerErrors(error, form.setError, FIELDS);
      const first = error instanceof ApiError ? FIELDS.find((name) => error.fields[name]) : undefined;
      if (first) form.setFocus(first);
      if (!onFields) setFailure(message);
    }
  });

  return (
    <section aria-labelledby={headingId} className="mt-5 rounded-xl border border-slate-200 bg-white p-4">
      <h4
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        {t('ohFormHeading', { when })}
      </h4>
      {booked ? (
        <div
          ref={outcome}
          tabIndex={-1}
          role="status"
          className="mt-3 space-y-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 focus:outline-none"
        >
          <p className="font-medium">{t('ohRegistered', { when })}</p>
          <Link
            to={`/booking/manage?token=${encodeURIComponent(booked.manage_token)}`}
            className="inline-flex min-h-6 items-center font-medium text-slate-900 underline decoration-[var(--kt-primary)] decoration-2 underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
          >
            {tm('title')}
          </Link>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="mt-4 grid gap-4"
          aria-labelledby={headingId}
        >
          <BuyerContactFields {...payloadContactFields(register, errors)} />
          {texts.data === true ? (
            <ConsentCheckbox
              id={`${headingId}-texts`}
              label={smsConsentWording(t)}
              error={say(errors.sms_consent?.message)}
              field={register('sms_consent')}
            />
          ) : null}
          <BuyerFormActions
            failure={failure}
            failureRef={outcome}
            submitting={formState.isSubmitting}
            submit={t('ohSubmit')}
            cancel={t('cancel')}
            onCancel={onCancel}
          />
        </form>
      )}
    </section>
  );
}
