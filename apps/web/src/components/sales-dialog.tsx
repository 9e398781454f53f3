// "Talk to Sales team" (spec §2.3): the Enterprise enquiry, validated with the domain schema and stored by
// POST /api/sales-inquiries like a waiting-list entry.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { salesInquirySchema } from '@keyturn/domain/schemas/waitlist';
import type { SalesInquiryInput } from '@keyturn/domain/schemas/waitlist';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CompanyField, EmailField, FullNameField } from '@/components/form-fields';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { sendSalesInquiry } from '@/lib/sales';

type SalesInquiry = z.output<typeof salesInquirySchema>;

export function SalesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const close = () => {
    setSentTo(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={sentTo ? 'Thank you' : 'Talk to our sales team'}
      description={
        sentTo ? undefined : 'Tell us about your team and we will get back to you about Enterprise.'
      }
    >
      {sentTo ? (
        <div className="space-y-5">
          <p role="status" className="text-sm leading-6 text-slate-700">
            Your message is with our sales team. We will answer at <strong>{sentTo}</strong>.
          </p>
          <Button onClick={close}>Close</Button>
        </div>
      ) : (
        <SalesForm onSent={setSentTo} onCancel={close} />
      )}
    </Dialog>
  );
}

function SalesForm({ onSent, onCancel }: { onSent: (email: string) => void; onCancel: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<SalesInquiryInput, unknown, SalesInquiry>({
    resolver: zodResolver(salesInquirySchema),
    defaultValues: { name: '', email: '', company: '', team_size: null, message: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({ mutationFn: sendSalesInquiry });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await mutation.mutateAsync(values);
      onSent(values.email);
    } catch (error) {
      const fields = ['name', 'email', 'company', 'team_size', 'message'] as const;
      setServerError(applyServerErrors(error, form.setError, fields).message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
      <FullNameField form={form} name="name" />
      <EmailField form={form} name="email" label="Work email" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <CompanyField form={form} name="company" />
        <TextField
          label="Team size (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.team_size?.message}
          {...form.register('team_size', {
            setValueAs: (value: unknown) => (value === '' || value == null ? null : Number(value)),
          })}
        />
      </div>
      <TextAreaField
        label="How can we help?"
        rows={4}
        error={errors.message?.message}
        {...form.register('message')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
