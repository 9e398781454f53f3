// Settings → Account: the agent's name, phone, username and time zone after setup (issue 19). Before saving,
// the form says what a change does: a new username changes the booking links (old ones keep working); a new
// time zone moves no booking (each keeps its moment) while the booking page, e-mails and working hours read
// the new zone.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { agentBookingPath } from '@keyturn/domain/links';
import { agentProfileInputSchema } from '@keyturn/domain/schemas/agent';
import type { AgentProfile, AgentProfileData, AgentProfileInput } from '@keyturn/domain/schemas/agent';
import { clockLabel, timeZoneLabel } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PhoneField } from '@/components/ui/text-field';
import {
  AgentLanguageField,
  AgentNameFields,
  AgentTimeZoneField,
  AgentUsernameField,
} from '@/components/agent-profile-fields';
import { AGENT_PROFILE_QUERY_KEY, updateAgentProfile } from '@/lib/agent-profile';
import { applyServerErrors } from '@/lib/form-errors';

const FIELDS = ['first_name', 'last_name', 'phone', 'username', 'timeZone', 'defaultLanguage'] as const;

export function AccountProfileForm({ profile }: { profile: AgentProfile }) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AgentProfileInput, unknown, AgentProfileData>({
    resolver: zodResolver(agentProfileInputSchema),
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone: profile.phone,
      username: profile.username,
      timeZone: profile.timeZone,
      defaultLanguage: profile.defaultLanguage,
      // Not edited here (Settings → Branding); sent as they are so the profile is saved whole.
      companyName: profile.companyName ?? '',
      primaryColor: profile.primaryColor,
    },
  });
  const { register, formState, control, setError, reset } = form;
  const { errors, isSubmitting } = formState;
  const [username, timeZone] = useWatch({ control, name: ['username', 'timeZone'] });

  const mutation = useMutation({
    mutationFn: (values: AgentProfileData) => updateAgentProfile(profile.id, values),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = await mutation.mutateAsync(values);
      queryClient.setQueryData(AGENT_PROFILE_QUERY_KEY, saved);
      reset({
        ...values,
        phone: saved.phone,
        username: saved.username,
        timeZone: saved.timeZone,
        defaultLanguage: saved.defaultLanguage,
      });
      toast.success('Your account details are saved.');
    } catch (error) {
      const result = applyServerErrors(error, setError, FIELDS);
      setServerError(result.onFields ? null : result.message);
    }
  });

  const usernameChanged = Boolean(username?.trim()) && username?.trim() !== profile.username;
  const zoneChanged = Boolean(timeZone) && timeZone !== profile.timeZone;
  const now = new Date();

  return (
    <section
      aria-labelledby="account-profile-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="account-profile-heading" className="font-semibold text-slate-900">
        Your details
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your name and phone as buyers see them, your link and time zone.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        <AgentNameFields register={register} errors={errors} />
        <PhoneField error={errors.phone?.message} {...register('phone')} />
        <AgentUsernameField register={register} errors={errors} />
        <AgentTimeZoneField register={register} errors={errors} zone={timeZone ?? profile.timeZone} />
        <AgentLanguageField register={register} errors={errors} />

        {usernameChanged || zoneChanged ? (
          <div
            role="note"
            aria-label="What changes"
            className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          >
            <p className="font-semibold">What changes when you save</p>
            {usernameChanged ? (
              <p>
                Your booking page moves to{' '}
                <span className="break-all font-mono">
                  {agentBookingPath(profile.id, username?.trim() ?? '')}
                </span>
                . Links you already shared, with <span className="font-mono">{profile.username}</span>, keep
                working and open your new page.
              </p>
            ) : null}
            {zoneChanged && timeZone ? (
              <>
                <p>
                  Bookings already made keep their moment: a showing at {clockLabel(now, profile.timeZone)}{' '}
                  {timeZoneLabel(profile.timeZone, now)} shows as {clockLabel(now, timeZone)}{' '}
                  {timeZoneLabel(timeZone, now)}.
                </p>
                <p>
                  Your working hours keep their clock times and are read in the new zone; your booking page
                  and e-mails show times in {timeZoneLabel(timeZone, now)}.
                </p>
              </>
            ) : null}
          </div>
        ) : null}

        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save details'}
        </Button>
      </form>
    </section>
  );
}
