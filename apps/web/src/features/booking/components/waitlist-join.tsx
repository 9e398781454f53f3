// Issue 44 "Waitlist": the form that puts a buyer on a property's waiting list for a date (POST
// /booking/waitlist), loaded only when they open it (waitlist-offer.tsx). Checked in the browser with the domain's
// schema; the server's field messages go under the same fields. The texts box is offered exactly when the details
// step offers its own (issue 39: the agent texts buyers on this server).
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { waitlistJoinSchema } from '@keyturn/domain/schemas/timeWaitlist';
import type {
  WaitlistJoin as JoinValues,
  WaitlistJoinInput,
  WaitlistJoined,
} from '@keyturn/domain/schemas/timeWaitlist';
import { DAY_PARTS, WAITLIST_OFFER_MINUTES } from '@keyturn/domain/slots/waitlist';
import { FieldFooter, describedBy } from '@/components/ui/text-field';
import { api, ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { useLocale, useT } from '@/lib/i18n';
import { fetchTextsOffered } from '../api';
import { DAY_PART_KEY, DETAILS, longDate, useFieldMessage } from '../details-texts';
import { MANAGE } from '../manage-texts';
import { bookingKeys } from '../hooks/use-booking-setup';
import { BuyerFormActions } from './buyer-form-actions';
import { BuyerContactFields } from './buyer-contact-fields';
import { payloadContactFields } from './payload-contact-fields';
import { CHECKBOX, ConsentCheckbox } from './consent-checkbox';

/** The form's own fields: the server's 400 names them alike (payload names). */
const FIELDS: Path<WaitlistJoinInput>[] = [
  'client_name',
  'client_email',
  'client_phone',
  'buyer_type',
  'part',
  'contact_consent',
  'sms_consent',
];

export interface WaitlistJoinProps {
  agentId: string;
  propertyId: number;
  /** The date without open times, 'yyyy-MM-dd' on the agent's calendar. */
  date: string;
  onCancel: () => void;
}

export function WaitlistJoin({ agentId, propertyId, date, onCancel }: WaitlistJoinProps) {
  const headingId = useId();
  const t = useT(DETAILS);
  const tm = useT(MANAGE);
  const { intlLocale } = useLocale();
  const say = useFieldMessage();
  const minutes = WAITLIST_OFFER_MINUTES;
  const heading = useRef<HTMLHeadingElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const [joined, setJoined] = useState<WaitlistJoined | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The details step's own question (booking-flow.tsx), answered from the same cache entry.
  const texts = useQuery({
    queryKey: bookingKeys.texts(agentId),
    queryFn: () => fetchTextsOffered(agentId),
    staleTime: 60_000,
  });
  const form = useForm<WaitlistJoinInput, unknown, JoinValues>({
    resolver: zodResolver(waitlistJoinSchema),
    defaultValues: {
      agent_id: agentId,
      property_id: propertyId,
      date,
      part: 'any',
      client_name: '',
      client_email: '',
      client_phone: '',
      sms_consent: false,
    },
  });
  const { register, formState } = form;
  const { errors } = formState;

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (joined || failure) outcome.current?.focus();
  }, [joined, failure]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await api.post<{ data: WaitlistJoined }>('/booking/waitlist', values);
      setJoined(answer.data);
    } catch (error) {
      const { onFields } = applyServerErrors(error, form.setError, FIELDS);
      const first = error instanceof ApiError ? FIELDS.find((name) => error.fields[name]) : undefined;
      if (first) form.setFocus(first);
      if (!onFields) setFailure(serverMessage(error) ?? t('wlFailed'));
    }
  });

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-xl border border-slate-200 bg-white p-4">
      <h3
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        {t('wlHeading', { date: longDate(date, intlLocale) })}
      </h3>
      {joined ? (
        <div
          ref={outcome}
          tabIndex={-1}
          role="status"
          className="mt-3 space-y-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 focus:outline-none"
        >
          <p className="font-medium">
            {t('wlJoined', {
              date: longDate(joined.date, intlLocale),
              part: tm(DAY_PART_KEY[joined.part]).toLowerCase(),
              place: joined.place,
            })}
          </p>
          {joined.already ? <p>{t('wlAlready')}</p> : null}
          <p>{t('wlNext', { minutes })}</p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{t('wlIntro', { minutes })}</p>
          <form
            noValidate
            onSubmit={(event) => void submit(event)}
            className="mt-4 grid gap-4"
            aria-labelledby={headingId}
          >
            <BuyerContactFields {...payloadContactFields(register, errors)} />
            <fieldset aria-describedby={describedBy(`${headingId}-part`, errors.part?.message, undefined)}>
              <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('wlPart')}</legend>
              <div className="space-y-1">
                {DAY_PARTS.map((part) => (
                  <label key={part} className="flex min-h-8 cursor-pointer items-center gap-3 text-sm">
                    <input type="radio" value={part} className={CHECKBOX} {...register('part')} />
                    {tm(DAY_PART_KEY[part])}
                  </label>
                ))}
              </div>
              <FieldFooter id={`${headingId}-part`} error={say(errors.part?.message)} />
            </fieldset>
            <ConsentCheckbox
              id={`${headingId}-consent`}
              label={t('wlConsent')}
              error={say(errors.contact_consent?.message)}
              field={register('contact_consent')}
            />
            {texts.data === true ? (
              <ConsentCheckbox
                id={`${headingId}-texts`}
                label={t('wlTexts')}
                error={say(errors.sms_consent?.message)}
                field={register('sms_consent')}
              />
            ) : null}
            <BuyerFormActions
              failure={failure}
              failureRef={outcome}
              submitting={formState.isSubmitting}
              submit={t('wlButton')}
              cancel={t('cancel')}
              onCancel={onCancel}
            />
          </form>
        </>
      )}
    </section>
  );
}

/** The server's own words for a refusal (409 WAITLIST_FULL, 404…), else null (the form's failure sentence). */
function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status > 0 && !error.code.startsWith('HTTP_')
    ? error.message
    : null;
}
