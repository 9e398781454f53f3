import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '@/lib/router';
import { safeNextPath } from '@/lib/next-path';
import { toast } from '@/lib/toast';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { agentProfileInputSchema, hexColorSchema, suggestUsername } from '@keyturn/domain/schemas/agent';
import type { AgentProfileData, AgentProfileInput } from '@keyturn/domain/schemas/agent';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ColorField } from '@/components/ui/color-field';
import { ImageUploadField } from '@/components/ui/image-upload-field';
import { PhoneField, TextField } from '@/components/ui/text-field';
import { AgentNameFields, AgentTimeZoneField, AgentUsernameField } from '@/components/agent-profile-fields';
import { AGENT_PROFILE_QUERY_KEY, updateAgentProfile } from '@/lib/agent-profile';
import { applyServerErrors } from '@/lib/form-errors';
import { createAgentProfile, saveProfileImages } from '../api';
import type { ProfileImages } from '../api';

const FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'companyName',
  'username',
  'timeZone',
  'primaryColor',
] as const;

type ProfileFormProps = (
  | { mode: 'create'; defaultValues: AgentProfileInput }
  | { mode: 'edit'; agentId: string; defaultValues: AgentProfileInput }
) & {
  /** The saved logo and picture; the profile body carries no images, PUT /agents/branding saves them. */
  images?: ProfileImages;
};

const NO_IMAGES: ProfileImages = { logoUrl: null, profilePictureUrl: null };

/** The agent profile form: creates the profile (POST) or updates it (PUT), then opens the dashboard. */
export function ProfileForm(props: ProfileFormProps) {
  const { mode, defaultValues, images: savedImages = NO_IMAGES } = props;
  const agentId = props.mode === 'edit' ? props.agentId : null;
  const navigate = useNavigate();
  // ?next= (a plan chosen on the pricing page before signing up): where to continue once the profile exists.
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  // A username the agent typed is theirs; until then it follows their name.
  const [usernameEdited, setUsernameEdited] = useState(mode === 'edit');
  const [images, setImages] = useState<ProfileImages>(savedImages);

  const form = useForm<AgentProfileInput, unknown, AgentProfileData>({
    resolver: zodResolver(agentProfileInputSchema),
    defaultValues,
  });
  const { control, register, setValue, setError, formState } = form;
  const { errors, isSubmitting, isSubmitted } = formState;
  const [firstName, lastName, primaryColor, timeZone] = useWatch({
    control,
    name: ['first_name', 'last_name', 'primaryColor', 'timeZone'],
  });

  useEffect(() => {
    if (usernameEdited || (!firstName?.trim() && !lastName?.trim())) return;
    // Not validated here: that would wipe a server message (e.g. "taken") until the name really changes.
    setValue('username', suggestUsername(firstName ?? '', lastName ?? ''));
  }, [firstName, lastName, usernameEdited, setValue]);

  const mutation = useMutation({
    mutationFn: (values: AgentProfileData) =>
      agentId === null ? createAgentProfile(values) : updateAgentProfile(agentId, values),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = await mutation.mutateAsync(values);
      queryClient.setQueryData(AGENT_PROFILE_QUERY_KEY, saved);
      toast.success(mode === 'create' ? 'Your profile is ready.' : 'Your profile is saved.');
      if (
        images.logoUrl !== savedImages.logoUrl ||
        images.profilePictureUrl !== savedImages.profilePictureUrl
      ) {
        try {
          await saveProfileImages(saved, images);
          queryClient.setQueryData(AGENT_PROFILE_QUERY_KEY, { ...saved, ...images });
        } catch (error) {
          // The profile itself is saved; the images can be set again under Settings → Branding.
          toast.error(
            `Your logo and picture were not saved: ${error instanceof Error ? error.message : 'please try again'}. You can add them under Settings → Branding.`,
          );
        }
      }
      await navigate(next ?? '/dashboard');
    } catch (error) {
      const result = applyServerErrors(error, setError, FIELDS);
      setServerError(result.onFields ? null : result.message);
    }
  });

  const swatch =
    primaryColor && hexColorSchema.safeParse(primaryColor).success
      ? primaryColor.toLowerCase()
      : DEFAULT_PRIMARY_COLOR.toLowerCase();

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
      {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
      <AgentNameFields register={register} errors={errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <PhoneField error={errors.phone?.message} {...register('phone')} />
        <TextField
          label="Company name"
          autoComplete="organization"
          hint="Optional."
          error={errors.companyName?.message}
          {...register('companyName')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <ImageUploadField
          label="Logo"
          kind="logo"
          value={images.logoUrl}
          onChange={(logoUrl) => setImages((current) => ({ ...current, logoUrl }))}
          hint="Optional. Shown on your booking page."
          disabled={isSubmitting}
        />
        <ImageUploadField
          label="Profile picture"
          kind="picture"
          shape="circle"
          value={images.profilePictureUrl}
          onChange={(profilePictureUrl) => setImages((current) => ({ ...current, profilePictureUrl }))}
          hint="Optional."
          disabled={isSubmitting}
        />
      </div>
      <AgentUsernameField register={register} errors={errors} onEdit={() => setUsernameEdited(true)} />
      <AgentTimeZoneField register={register} errors={errors} zone={timeZone ?? defaultValues.timeZone} />
      <ColorField
        label="Primary colour"
        registration={register('primaryColor')}
        swatch={swatch}
        onPick={(hex) => setValue('primaryColor', hex, { shouldDirty: true, shouldValidate: isSubmitted })}
        error={errors.primaryColor?.message}
        hint="Your booking page's accent colour."
      />
      <div className="pt-2">
        <Button type="submit" fullWidth disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : mode === 'create' ? 'Save and continue' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
