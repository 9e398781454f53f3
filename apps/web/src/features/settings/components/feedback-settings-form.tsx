// When and what buyers are asked after a showing (feedbackSettingsSchema).
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { feedbackSettingsSchema } from '@keyturn/domain/schemas/agentSettings';
import type { FeedbackSettings } from '@keyturn/domain/schemas/agentSettings';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SwitchField } from '@/components/ui/switch-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useSaveFeedbackSettings } from '../hooks/use-settings';

const FIELDS = ['enabled', 'delay_minutes_after_showing', 'ask_price_opinion', 'ask_second_showing'] as const;

export function FeedbackSettingsForm({ settings }: { settings: FeedbackSettings }) {
  const save = useSaveFeedbackSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FeedbackSettings>({
    resolver: zodResolver(feedbackSettingsSchema),
    defaultValues: settings,
  });
  const { control, register, setError, formState, reset } = form;
  const { errors, isSubmitting } = formState;
  const enabled = useWatch({ control, name: 'enabled' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(values);
      reset(saved.data);
      toast.success('Feedback settings saved.');
    } catch (error) {
      const result = applyServerErrors(error, setError, FIELDS);
      if (!result.onFields) setFailure(result.message);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <SwitchField
          label="Ask buyers for feedback"
          description="After each completed showing, the buyer gets a short questionnaire."
          {...register('enabled')}
        />
        <fieldset disabled={!enabled} className="space-y-5 disabled:opacity-60">
          <TextField
            label="Send it this many minutes after the showing"
            type="number"
            inputMode="numeric"
            min={0}
            className="max-w-xs"
            error={errors.delay_minutes_after_showing?.message}
            {...register('delay_minutes_after_showing', { valueAsNumber: true })}
          />
          <SwitchField label="Ask what they think of the price" {...register('ask_price_opinion')} />
          <SwitchField label="Ask whether they want a second showing" {...register('ask_second_showing')} />
        </fieldset>
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save feedback settings'}
      </Button>
    </form>
  );
}
