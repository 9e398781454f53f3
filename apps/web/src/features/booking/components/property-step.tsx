// Step 2 (spec §2.4 "Property selection"): the agent's public properties; picking one goes to calendar.
import type { Property } from '@keyturn/domain/schemas/property';
import { HomeIcon } from '@/components/ui/icons';
import { SafeImage } from '@/components/ui/safe-image';
import { useLocale, useT } from '@/lib/i18n';
import { formatPrice } from '../format';
import { BOOKING } from '../texts';
import { STEPS } from '@/lib/steps-area';
import { BrandButton } from './brand-button';
import { StepHeading } from './step-heading';

interface PropertyStepProps {
  properties: Property[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (property: Property) => void;
  onContinueWithout: () => void;
}

export function PropertyStep({
  properties,
  loading,
  selectedId,
  onSelect,
  onContinueWithout,
}: PropertyStepProps) {
  const t = useT(STEPS);
  const tb = useT(BOOKING);
  const { intlLocale } = useLocale();
  return (
    <div>
      <StepHeading title={t('propertyTitle')}>{t('propertyHint')}</StepHeading>
      {loading ? (
        <p role="status" className="text-sm text-slate-500">
          {t('loadingProperties')}
        </p>
      ) : properties.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
          <p className="text-sm text-slate-600">{t('noProperties')}</p>
          <BrandButton className="mt-4 w-full sm:w-auto" onClick={onContinueWithout}>
            {t('withoutProperty')}
          </BrandButton>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label={t('properties')}>
          {properties.map((property) => (
            <li key={property.id}>
              <button
                type="button"
                onClick={() => onSelect(property)}
                aria-pressed={property.id === selectedId}
                className={`flex w-full gap-3 overflow-hidden rounded-xl border-2 bg-white text-left transition-colors hover:border-slate-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2 ${
                  property.id === selectedId ? 'border-[var(--kt-primary)]' : 'border-slate-200'
                }`}
              >
                <SafeImage
                  src={property.images[0]}
                  alt=""
                  className="w-24 shrink-0 object-cover sm:w-32"
                  fallback={
                    <span
                      aria-hidden="true"
                      className="flex w-24 shrink-0 items-center justify-center bg-slate-100 text-slate-400 sm:w-32"
                    >
                      <HomeIcon className="size-8" />
                    </span>
                  }
                />
                <span className="flex min-w-0 flex-1 flex-col py-3 pr-3 pl-1 text-sm">
                  <span className="font-semibold text-slate-900">{property.address}</span>
                  <span className="text-slate-600">
                    {property.city}, {property.state}
                  </span>
                  <span className="mt-1 text-slate-600">
                    {tb('rooms', { beds: property.bedrooms, baths: property.bathrooms })}
                  </span>
                  <span className="mt-1 font-semibold text-slate-900">
                    {formatPrice(property.price, intlLocale)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
