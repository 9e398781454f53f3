// Step 1 (spec §2.4 "Purpose"): five cards; 'Other (Specify)' reveals a free-text purpose.
import { useId } from 'react';
import type { ReactNode } from 'react';
import { continueKey } from '@keyturn/domain/bookingFlow';
import { BOOKING_PURPOSES } from '@keyturn/domain/enums';
import type { BookingPurpose } from '@keyturn/domain/enums';
import { CUSTOM_PURPOSE_MAX_LENGTH } from '@keyturn/domain/constants';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n';
import { PURPOSE_KEYS } from '../format';
import { BOOKING } from '../texts';
import { BrandButton } from './brand-button';
import { StepHeading } from './step-heading';

interface PurposeStepProps {
  /** The purposes offered: all of them, or a consultation's (no property viewing, issue 29). */
  purposes?: readonly BookingPurpose[];
  purpose: BookingPurpose | '';
  customPurpose: string;
  hasPropertyId: boolean;
  error: string | null;
  onPurposeChange: (purpose: BookingPurpose) => void;
  onCustomPurposeChange: (text: string) => void;
  onContinue: () => void;
}

export function PurposeStep({
  purposes = BOOKING_PURPOSES,
  purpose,
  customPurpose,
  hasPropertyId,
  error,
  onPurposeChange,
  onCustomPurposeChange,
  onContinue,
}: PurposeStepProps) {
  const errorId = useId();
  const t = useT(BOOKING);
  return (
    <div>
      <StepHeading title={t('purposeTitle')}>{t('purposeHint')}</StepHeading>
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="sr-only">{t('purposeLegend')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {purposes.map((value) => (
            <label
              key={value}
              className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-[var(--kt-primary)] has-[:focus-visible]:ring-offset-2 ${
                purpose === value
                  ? 'border-[var(--kt-primary)] bg-[color-mix(in_srgb,var(--kt-primary)_8%,white)]'
                  : 'border-slate-200 bg-white hover:border-slate-300'
              }`}
            >
              <input
                type="radio"
                name="booking-purpose"
                value={value}
                checked={purpose === value}
                onChange={() => onPurposeChange(value)}
                className="size-4 accent-[var(--kt-primary)] focus:outline-none"
              />
              <span className="text-[var(--kt-primary)]">{PURPOSE_ICONS[value]}</span>
              <span className="font-medium text-slate-900">{t(PURPOSE_KEYS[value])}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {purpose === 'custom' ? (
        <TextField
          className="mt-4"
          label={t('customPurpose')}
          placeholder={t('customPlaceholder')}
          value={customPurpose}
          maxLength={CUSTOM_PURPOSE_MAX_LENGTH}
          onChange={(event) => onCustomPurposeChange(event.target.value)}
        />
      ) : null}

      {error ? (
        <p id={errorId} role="alert" className="mt-4 text-sm text-red-600">
          {error}
        </p>
      ) : null}

      <BrandButton className="mt-6 w-full sm:w-auto" onClick={onContinue}>
        {t(continueKey(purpose, hasPropertyId))}
      </BrandButton>
    </div>
  );
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="size-5"
    >
      {children}
    </svg>
  );
}

const PURPOSE_ICONS: Record<BookingPurpose, ReactNode> = {
  property_viewing: (
    <Icon>
      <path d="M3 10.5 12 3l9 7.5M5 9.5V20h14V9.5" />
      <path d="M10 20v-5h4v5" />
    </Icon>
  ),
  open_house: (
    <Icon>
      <path d="M4 20V6l8-3 8 3v14" />
      <path d="M9 20v-6h6v6M9 9h6" />
    </Icon>
  ),
  private_showing: (
    <Icon>
      <circle cx="12" cy="8" r="3.5" />
      <path d="M5 20a7 7 0 0 1 14 0" />
    </Icon>
  ),
  property_valuation: (
    <Icon>
      <path d="M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 2.6 4.5 3 4.5 1.3 4.5 3-2 3-4.5 3-4.5-1.3-4.5-3" />
    </Icon>
  ),
  custom: (
    <Icon>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  ),
};
