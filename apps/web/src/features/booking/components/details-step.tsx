// Step 4 (spec §2.4 "Details", §5): what is being booked, and the buyer's details. The form itself lives in
// the booking flow so its values survive a trip back to the calendar (e.g. after a 409).
import { useState, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { BUDGET_RANGES, INCOME_RANGES } from '@keyturn/domain/enums';
import type { BookingDetailsForm, BookingDetailsFormInput } from '@keyturn/domain/schemas/booking';
import { SelectField, TextAreaField, TextField } from '@/components/ui/text-field';
import { SpinnerCircle } from '@/components/ui/spinner';
import { useLocale, useT, type Translate } from '@/lib/i18n';
import { BUYER_TYPE_KEY, DETAILS, moneyRange, useFieldMessage, type DetailsKey } from '../details-texts';
import { BuyerContactFields } from './buyer-contact-fields';
import { BrandButton } from './brand-button';
import { StepHeading } from './step-heading';
import { BookingSummary } from './booking-summary';
import type { SummaryRow } from './booking-summary';

export type DetailsForm = UseFormReturn<BookingDetailsFormInput, unknown, BookingDetailsForm>;

interface DetailsStepProps {
  form: DetailsForm;
  summary: SummaryRow[];
  reschedule: boolean;
  /**
   * Reschedule mode with the booking's buyer details known (issue 19): they are shown, not asked again;
   * only the reason (and the new time) are. "Edit my details" opens the fields.
   */
  knownBuyer?: boolean;
  /** Issue 39: the agent texts buyers on this server: only then is "Text me about this showing" offered. */
  textsOffered?: boolean;
  submitting: boolean;
  onSubmit: () => void;
  /** Said before the submit button (issue 29, WCAG 3.3.7): what sending this costs the buyer. */
  notice?: string | null;
  /** Issue 44: how long the chosen time stays held, under the summary. */
  holdNotice?: ReactNode;
}

const BUYER_FIELDS = ['name', 'email', 'phone', 'buyerType', 'budgetRange', 'incomeRange', 'notes'] as const;

export function DetailsStep({
  form,
  summary,
  reschedule,
  knownBuyer = false,
  textsOffered = false,
  submitting,
  onSubmit,
  notice = null,
  holdNotice = null,
}: DetailsStepProps) {
  const { register, formState } = form;
  const { errors } = formState;
  const t = useT(DETAILS);
  const { intlLocale } = useLocale();
  const say = useFieldMessage();
  const [editing, setEditing] = useState(false);
  // A known detail the rules now refuse (say, an old phone with letters) opens the fields with its message.
  const showFields = !knownBuyer || editing || BUYER_FIELDS.some((field) => errors[field]);
  const values = form.getValues();
  return (
    <div>
      <StepHeading title={t('title')} />
      <BookingSummary rows={summary} />
      {holdNotice}

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        className="mt-6 grid gap-4 sm:grid-cols-2"
      >
        {showFields ? (
          <>
            <BuyerContactFields
              wide="sm:col-span-2"
              fields={{
                name: register('name'),
                email: register('email'),
                phone: register('phone'),
                buyerType: register('buyerType'),
              }}
              errors={{
                name: say(errors.name?.message),
                email: say(errors.email?.message),
                phone: say(errors.phone?.message),
                buyerType: say(errors.buyerType?.message),
              }}
            />
            <SelectField
              label={t('budgetRange')}
              error={say(errors.budgetRange?.message)}
              {...register('budgetRange')}
            >
              <option value="">{t('pickBudget')}</option>
              {BUDGET_RANGES.map((range) => (
                <option key={range} value={range}>
                  {moneyRange(range, t, intlLocale)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('incomeRange')}
              error={say(errors.incomeRange?.message)}
              {...register('incomeRange')}
            >
              <option value="">{t('pickIncome')}</option>
              {INCOME_RANGES.map((range) => (
                <option key={range} value={range}>
                  {moneyRange(range, t, intlLocale)}
                </option>
              ))}
            </SelectField>
            <TextAreaField
              className="sm:col-span-2"
              label={t('notes')}
              placeholder={t('notesHint')}
              error={say(errors.notes?.message)}
              {...register('notes')}
            />
            <BuyerAgentFields form={form} />
          </>
        ) : (
          <div className="sm:col-span-2">
            <BookingSummary rows={buyerRows(values, t, intlLocale)} />
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="mt-2 inline-flex min-h-10 items-center text-sm font-medium text-slate-700 underline decoration-[var(--kt-primary)] decoration-2 underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
            >
              {t('editDetails')}
            </button>
          </div>
        )}
        {reschedule || !textsOffered ? null : (
          // Issue 33: consent to texts, unticked; the exact wording is what the ledger records by version.
          // Issue 39: offered only when texts will go out (the agent texts buyers on this server).
          <div className="flex items-start gap-3 sm:col-span-2">
            <input
              id="sms-consent"
              type="checkbox"
              className="size-6 shrink-0 rounded border-slate-400 accent-[var(--kt-primary)] focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
              {...register('smsConsent')}
            />
            <label htmlFor="sms-consent" className="text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{t('smsLabel')}.</span> {t('smsTerms')}
            </label>
          </div>
        )}
        {reschedule ? (
          <TextAreaField
            className="sm:col-span-2"
            label={t('rescheduleReason')}
            error={say(errors.rescheduleReason?.message)}
            {...register('rescheduleReason')}
          />
        ) : null}
        {notice ? (
          <p
            id="details-notice"
            className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800 sm:col-span-2"
          >
            {notice}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <BrandButton
            aria-describedby={notice ? 'details-notice' : undefined}
            type="submit"
            fullWidth
            disabled={submitting}
            aria-busy={submitting || undefined}
          >
            {submitting ? <SpinnerCircle size="sm" /> : null}
            {t(reschedule ? 'confirmReschedule' : 'confirmBooking')}
          </BrandButton>
        </div>
      </form>
    </div>
  );
}

/** The buyer's details as the booking knows them (reschedule mode). */
function buyerRows(
  values: BookingDetailsFormInput,
  t: Translate<DetailsKey>,
  intlLocale: string,
): SummaryRow[] {
  const notGiven = t('notGiven');
  return [
    { label: t('name'), value: values.name ?? '' },
    { label: t('email'), value: values.email ?? '' },
    { label: t('phone'), value: values.phone ?? '' },
    { label: t('buyerType'), value: values.buyerType ? t(BUYER_TYPE_KEY[values.buyerType]) : notGiven },
    {
      label: t('budget'),
      value: values.budgetRange ? moneyRange(values.budgetRange, t, intlLocale) : notGiven,
    },
    {
      label: t('income'),
      value: values.incomeRange ? moneyRange(values.incomeRange, t, intlLocale) : notGiven,
    },
  ];
}

/** Issue 32 §5: "I'm a buyer's agent booking for my client" — the fields above are the client's. */
function BuyerAgentFields({ form }: { form: DetailsForm }) {
  const { register, formState, unregister } = form;
  const [on, setOn] = useState(() => form.getValues('buyerAgent') !== undefined);
  const errors = formState.errors.buyerAgent;
  const t = useT(DETAILS);
  const say = useFieldMessage();
  return (
    <div className="space-y-4 sm:col-span-2">
      <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="size-6 shrink-0 rounded border-slate-300 accent-[var(--kt-primary)]"
          checked={on}
          onChange={(event) => {
            setOn(event.target.checked);
            if (!event.target.checked) unregister('buyerAgent');
          }}
        />
        {t('forClient')}
      </label>
      {on ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('yourName')}
            autoComplete="name"
            error={say(errors?.name?.message)}
            {...register('buyerAgent.name')}
          />
          <TextField
            label={t('brokerage')}
            autoComplete="organization"
            error={say(errors?.brokerage?.message)}
            {...register('buyerAgent.brokerage')}
          />
          <TextField
            label={t('licence')}
            error={say(errors?.licence_number?.message)}
            {...register('buyerAgent.licence_number')}
          />
          <TextField
            label={t('yourPhone')}
            type="tel"
            inputMode="tel"
            error={say(errors?.phone?.message)}
            {...register('buyerAgent.phone')}
          />
          <TextField
            className="sm:col-span-2"
            label={t('yourEmail')}
            type="email"
            error={say(errors?.email?.message)}
            {...register('buyerAgent.email')}
          />
        </div>
      ) : null}
    </div>
  );
}
