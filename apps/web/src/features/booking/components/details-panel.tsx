// The details step with its form (spec §2.4 "Details", §5). Loaded lazily (lazy-steps.tsx): react-hook-form,
// the domain's details schema (zod) and the phone check (libphonenumber-js) reach the buyer only with this
// step. What the buyer types is kept in the tab's session storage, so it survives a trip back to the
// calendar (e.g. after a 409), a reload, and back/forward through the steps.
import { useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { prefillFormValues } from '@keyturn/domain/prefill';
import { bookingDetailsFormSchema } from '@keyturn/domain/schemas/booking';
import type { BookingDetailsForm, BookingDetailsFormInput } from '@keyturn/domain/schemas/booking';
import type { Prefill } from '@keyturn/domain/schemas/prefill';
import { readSession, writeSession } from '@/lib/session-store';
import type { SummaryRow } from './booking-summary';
import { DetailsStep } from './details-step';
import { HoldNotice } from '@/components/hold-notice';
import { useT, translator } from '@/lib/i18n';
import { DETAILS } from '../details-texts';

/** Payload field names of spec §3 → the details form's fields, to show a 400's `fields` under the inputs. */
const FORM_FIELD_OF: Record<string, keyof BookingDetailsFormInput> = {
  client_name: 'name',
  client_email: 'email',
  client_phone: 'phone',
  buyer_type: 'buyerType',
  budget_min: 'budgetRange',
  budget_max: 'budgetRange',
  income_range: 'incomeRange',
  message: 'notes',
  reschedule_reason: 'rescheduleReason',
};

/** A reschedule of a confirmed showing with an agent who approves each booking (issue 29, WCAG 3.3.7). */
export const GIVES_UP_CONFIRMED = translator(DETAILS, 'en')('givesUp');

export interface DetailsPanelProps {
  /** The session-storage key of what the buyer typed on this booking page. */
  storageKey: string;
  prefill: Prefill | null;
  reschedule: boolean;
  knownBuyer: boolean;
  /** Issue 39: the agent texts buyers on this server — only then is "Text me about this showing" offered. */
  textsOffered?: boolean;
  submitting: boolean;
  summary: SummaryRow[];
  /** Issue 39 §6: who must approve before the time is booked (domain whoDecides.ts), said above the button. */
  decides?: string | null;
  /** Sends the booking; resolves to the server's field messages (payload names) to show, {} when none. */
  onSubmit: (values: BookingDetailsForm) => Promise<Record<string, string>>;
  /** Issue 44: the chosen time held for the buyer — when it ends, and the time as the summary shows it. */
  hold?: { expiresAt: string; time: string } | null;
}

export function DetailsPanel({
  storageKey,
  prefill,
  reschedule,
  onSubmit,
  decides = null,
  hold = null,
  ...shown
}: DetailsPanelProps) {
  const t = useT(DETAILS);
  const form = useForm<BookingDetailsFormInput, unknown, BookingDetailsForm>({
    resolver: zodResolver(bookingDetailsFormSchema(reschedule)),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      buyerType: '' as BookingDetailsFormInput['buyerType'],
      budgetRange: '',
      incomeRange: '',
      notes: '',
      rescheduleReason: '',
      ...(prefill ? prefillFormValues(prefill) : {}),
      // What the buyer typed in this tab (a reload, or back and forward through the steps).
      ...readSession(storageKey, parseStoredDetails),
    },
  });
  // Subscribed before the form is painted (a layout effect, not a passive one that may run after the first
  // paint): what the buyer types from the first keystroke is kept for a reload.
  useLayoutEffect(() => {
    const subscription = form.watch((values) => writeSession(storageKey, values));
    return () => subscription.unsubscribe();
  }, [form, storageKey]);

  const submit = form.handleSubmit(async (values) => {
    const fields = await onSubmit(values);
    for (const [name, message] of Object.entries(fields)) {
      const field = FORM_FIELD_OF[name];
      if (field) form.setError(field, { type: 'server', message });
      // Issue 32 §5: the buyer's agent's fields are named alike on both sides ('buyer_agent.brokerage').
      const agentField = /^buyer_agent\.(name|brokerage|licence_number|phone|email)$/.exec(name)?.[1];
      if (agentField) {
        form.setError(`buyerAgent.${agentField as 'name'}`, { type: 'server', message });
      }
    }
  });

  return (
    <DetailsStep
      form={form}
      reschedule={reschedule}
      onSubmit={() => void submit()}
      notice={reschedule && prefill?.gives_up_confirmed ? t('givesUp') : decides}
      holdNotice={
        hold ? <HoldNotice key={hold.expiresAt} expiresAt={hold.expiresAt} time={hold.time} /> : null
      }
      {...shown}
    />
  );
}

/** Only the form's own text fields, as text: anything else kept under the key is ignored. */
function parseStoredDetails(value: unknown): Partial<BookingDetailsFormInput> | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields: (keyof BookingDetailsFormInput)[] = [
    'name',
    'email',
    'phone',
    'buyerType',
    'budgetRange',
    'incomeRange',
    'notes',
    'rescheduleReason',
  ];
  const stored: Record<string, string> = {};
  for (const field of fields) {
    const text = (value as Record<string, unknown>)[field];
    if (typeof text === 'string') stored[field] = text;
  }
  return stored as Partial<BookingDetailsFormInput>;
}
