// Add or edit a property in a dialog: the shared propertyInputSchema validates (numbers as numbers), photos
// upload as they are picked, and the plan's property limit (403 PROPERTY_LIMIT_REACHED) shows the server's
// message with the way to the Subscription page. One save (issue 29): "Save changes" also keeps the map
// position typed or placed in the pin section (checked first; saved after the property, so it wins over a
// position geocoded from a changed address).
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@/lib/router';
import { toast } from '@/lib/toast';
import { PROPERTY_TYPES, propertyInputSchema } from '@keyturn/domain/schemas/property';
import type { Property, PropertyData, PropertyInput } from '@keyturn/domain/schemas/property';
import { FormDialog } from '@/components/form-dialog';
import {
  checkPin,
  PropertyPinField,
  useSavePosition,
  type PinDraft,
  type PinErrors,
} from './property-pin-field';
import { SwitchField } from '@/components/ui/switch-field';
import { SelectField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { NETWORK_TEXTS } from '@keyturn/domain/listing/network';
import { useSaveProperty } from '../hooks/use-properties';
import { PropertyImagesField } from './property-images-field';

const FIELDS = [
  'address',
  'city',
  'state',
  'zip_code',
  'price',
  'bedrooms',
  'bathrooms',
  'property_type',
  'images',
  'is_public',
  'network_listed',
] as const;

const FORM_ID = 'property-form';

export function PropertyFormDialog({
  open,
  property,
  onClose,
}: {
  open: boolean;
  /** The property to edit; null adds a new one. */
  property: Property | null;
  onClose: () => void;
}) {
  // A fresh form each time it opens, filled from the property being edited.
  return open ? <PropertyFormDialogOpen property={property} onClose={onClose} /> : null;
}

function PropertyFormDialogOpen({ property, onClose }: { property: Property | null; onClose: () => void }) {
  const save = useSaveProperty(property?.id ?? null);
  const savePosition = useSavePosition(property?.id ?? null);
  const [failure, setFailure] = useState<{ message: string; limitReached: boolean } | null>(null);
  const [pin, setPin] = useState<PinDraft>(null);
  const [pinErrors, setPinErrors] = useState<PinErrors | null>(null);

  const form = useForm<PropertyInput, unknown, PropertyData>({
    resolver: zodResolver(propertyInputSchema),
    defaultValues: property
      ? {
          address: property.address,
          city: property.city,
          state: property.state,
          zip_code: property.zip_code,
          price: property.price,
          bedrooms: property.bedrooms,
          bathrooms: property.bathrooms,
          property_type: property.property_type,
          images: property.images,
          is_public: property.is_public,
          network_listed: (property as { network_listed?: boolean }).network_listed ?? true,
        }
      : { images: [], is_public: true, network_listed: true, property_type: PROPERTY_TYPES[0] },
  });
  const { register, control, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const images = useController({ control, name: 'images' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const checked = pin ? checkPin(pin) : null;
    setPinErrors(checked?.errors ?? null);
    if (checked?.errors) return;
    try {
      await save.mutateAsync(values);
      if (checked?.place) await savePosition(checked.place);
      toast.success(property ? 'Property saved.' : 'Property added.');
      onClose();
    } catch (error) {
      const limitReached =
        error instanceof ApiError && error.status === 403 && error.code === 'PROPERTY_LIMIT_REACHED';
      const result = applyServerErrors(error, setError, FIELDS);
      if (limitReached || !result.onFields) setFailure({ message: result.message, limitReached });
    }
  });

  const number = { valueAsNumber: true } as const;

  return (
    <FormDialog
      onClose={onClose}
      title={property ? 'Edit property' : 'Add a property'}
      size="lg"
      formId={FORM_ID}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel={property ? 'Save changes' : 'Add property'}
      busyLabel="Saving…"
      failure={
        failure ? (
          <>
            <p>{failure.message}</p>
            {failure.limitReached ? (
              <p className="mt-1">
                <Link
                  to="/dashboard/subscription"
                  className="font-semibold underline underline-offset-2 hover:text-red-900"
                >
                  Upgrade your plan
                </Link>{' '}
                to add more properties.
              </p>
            ) : null}
          </>
        ) : null
      }
      after={
        /* Issue 16: a saved property's map position (saved by "Save changes"; the pin map loads lazily). */
        property ? (
          <div className="mt-5">
            <PropertyPinField
              propertyId={property.id}
              address={() => {
                const { address, city, state, zip_code } = form.getValues();
                return { address, city, state, zip_code };
              }}
              draft={pin}
              errors={pinErrors}
              onDraft={(draft) => {
                setPin(draft);
                setPinErrors(null);
              }}
            />
          </div>
        ) : null
      }
    >
      <TextField
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label="State"
          autoComplete="address-level1"
          error={errors.state?.message}
          {...register('state')}
        />
        <TextField
          label="ZIP code"
          autoComplete="postal-code"
          error={errors.zip_code?.message}
          {...register('zip_code')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price (USD)"
          type="number"
          inputMode="numeric"
          min={0}
          error={errors.price?.message}
          {...register('price', number)}
        />
        <SelectField
          label="Property type"
          error={errors.property_type?.message}
          {...register('property_type')}
        >
          {PROPERTY_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Bedrooms"
          type="number"
          inputMode="numeric"
          min={0}
          error={errors.bedrooms?.message}
          {...register('bedrooms', number)}
        />
        <TextField
          label="Bathrooms"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.5}
          error={errors.bathrooms?.message}
          {...register('bathrooms', number)}
        />
      </div>
      <PropertyImagesField
        value={images.field.value ?? []}
        onChange={(next) => images.field.onChange(next)}
        error={errors.images?.message ?? firstItemError(errors.images)}
      />
      <SwitchField
        label="Public"
        description="Public properties are listed on your booking page. Private ones are hidden from it."
        {...register('is_public')}
      />
      <SwitchField
        label={NETWORK_TEXTS.listingOptIn}
        description={NETWORK_TEXTS.listingOptInHint}
        {...register('network_listed')}
      />
    </FormDialog>
  );
}

/** The message of the first image that the schema refused, if the list's own message is absent. */
function firstItemError(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  for (const item of errors as unknown[]) {
    if (item && typeof item === 'object' && 'message' in item && typeof item.message === 'string') {
      return item.message;
    }
  }
  return undefined;
}
