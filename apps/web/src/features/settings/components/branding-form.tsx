// The agent's branding (brandingSchema): logo, profile picture, primary colour and company name, with a live
// preview of the header of the public booking page's left panel (spec §2.4), and whether the public profile
// shows the agent's e-mail address and phone number (issue 26; shown until turned off).
import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { hexColorSchema } from '@keyturn/domain/schemas/agent';
import { brandingSchema } from '@keyturn/domain/schemas/agentSettings';
import type { Branding, BrandingInput } from '@keyturn/domain/schemas/agentSettings';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ColorField } from '@/components/ui/color-field';
import { ImageUploadField } from '@/components/ui/image-upload-field';
import { SafeImage, initialOf } from '@/components/ui/safe-image';
import { SwitchField } from '@/components/ui/switch-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useSaveBranding } from '../hooks/use-settings';

const FIELDS = ['companyName', 'primaryColor', 'logoUrl', 'profilePictureUrl'] as const;

export function BrandingForm({ branding, agentName }: { branding: Branding; agentName: string }) {
  const save = useSaveBranding();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BrandingInput, unknown, Branding>({
    resolver: zodResolver(brandingSchema),
    defaultValues: {
      companyName: branding.companyName ?? '',
      primaryColor: branding.primaryColor,
      logoUrl: branding.logoUrl,
      profilePictureUrl: branding.profilePictureUrl,
      showEmail: branding.showEmail ?? true,
      showPhone: branding.showPhone ?? true,
    },
  });
  const { control, register, setValue, setError, formState, reset } = form;
  const { errors, isSubmitting, isSubmitted } = formState;
  const logo = useController({ control, name: 'logoUrl' });
  const picture = useController({ control, name: 'profilePictureUrl' });
  const [companyName, primaryColor] = useWatch({ control, name: ['companyName', 'primaryColor'] });
  // The preview keeps the last valid colour while a new one is being typed.
  const swatch = hexColorSchema.safeParse(primaryColor).success
    ? (primaryColor ?? '')
    : DEFAULT_PRIMARY_COLOR;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(values);
      reset({ ...saved.data, companyName: saved.data.companyName ?? '' });
      toast.success('Branding saved.');
    } catch (error) {
      const result = applyServerErrors(error, setError, FIELDS);
      if (!result.onFields) setFailure(result.message);
    }
  });

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <ImageUploadField
          label="Logo"
          kind="logo"
          value={logo.field.value ?? null}
          onChange={(url) => logo.field.onChange(url)}
          error={errors.logoUrl?.message}
          hint="Shown at the top of your booking page."
        />
        <ImageUploadField
          label="Profile picture"
          kind="picture"
          shape="circle"
          value={picture.field.value ?? null}
          onChange={(url) => picture.field.onChange(url)}
          error={errors.profilePictureUrl?.message}
        />
        <TextField
          label="Company name"
          autoComplete="organization"
          hint="Optional."
          error={errors.companyName?.message}
          {...register('companyName')}
        />
        <ColorField
          label="Primary colour"
          registration={register('primaryColor')}
          swatch={swatch}
          onPick={(hex) => setValue('primaryColor', hex, { shouldDirty: true, shouldValidate: isSubmitted })}
          error={errors.primaryColor?.message}
          hint="Your booking page's accent colour, like #3B82F6."
        />
        <fieldset className="space-y-4">
          <legend className="mb-1 text-sm font-semibold text-slate-800">
            Contact details on your public profile
          </legend>
          <p className="text-sm text-slate-500">
            Anyone with your booking link can read your public profile. Buyers who have booked see your
            contact details on their booking&apos;s page either way.
          </p>
          <SwitchField label="Show my e-mail address" {...register('showEmail')} />
          <SwitchField label="Show my phone number" {...register('showPhone')} />
        </fieldset>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save branding'}
        </Button>
      </form>

      <BrandingPreview
        agentName={agentName}
        companyName={companyName?.trim() || null}
        primaryColor={swatch}
        logoUrl={logo.field.value ?? null}
        profilePictureUrl={picture.field.value ?? null}
      />
    </div>
  );
}

/** What buyers see at the top of the booking page's left panel, as it would look with these settings. */
export function BrandingPreview({
  agentName,
  companyName,
  primaryColor,
  logoUrl,
  profilePictureUrl,
}: {
  agentName: string;
  companyName: string | null;
  primaryColor: string;
  logoUrl: string | null;
  profilePictureUrl: string | null;
}) {
  const brand = companyName ?? agentName;
  return (
    <aside
      aria-labelledby="branding-preview-heading"
      className="order-first min-w-0 lg:sticky lg:top-6 lg:order-none lg:self-start"
    >
      <h2 id="branding-preview-heading" className="mb-2 text-sm font-semibold text-slate-500">
        Preview
      </h2>
      <div
        data-testid="branding-preview"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex items-center gap-3">
          <SafeImage
            src={logoUrl}
            alt={`${brand} logo`}
            className="h-10 max-w-36 object-contain"
            fallback={
              <span
                aria-hidden="true"
                data-testid="preview-logo-initial"
                style={{ backgroundColor: primaryColor, color: textOn(primaryColor) }}
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-lg font-bold"
              >
                {initialOf(brand)}
              </span>
            }
          />
          {companyName ? (
            <p className="min-w-0 truncate text-sm font-semibold text-slate-700">{companyName}</p>
          ) : null}
        </div>
        <div className="mt-4 flex items-center gap-3">
          <SafeImage
            src={profilePictureUrl}
            alt={agentName}
            className="size-12 shrink-0 rounded-full object-cover"
            fallback={
              <span
                aria-hidden="true"
                data-testid="preview-picture-initial"
                className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-slate-100 text-lg font-semibold text-slate-600"
              >
                {initialOf(agentName)}
              </span>
            }
          />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{agentName}</p>
            <p className="text-sm text-slate-500">Real Estate Agent</p>
          </div>
        </div>
        <div
          aria-hidden="true"
          style={{ backgroundColor: primaryColor, color: textOn(primaryColor) }}
          className="mt-5 flex h-10 items-center justify-center rounded-lg text-sm font-semibold"
        >
          Confirm Booking
        </div>
      </div>
    </aside>
  );
}

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#0F172A' : '#FFFFFF';
}
