// Issue 45 "Cross-agent tours": the client and buyer's agent details sent with a planned day — as on a single
// request (request-dialog.tsx): the client, the firm filled from the last request, and, for themselves, texts on
// their own number (offered when any of the day's listings sends texts).
import { NETWORK_TEXTS as T } from '@keyturn/domain/listing/network';
import { TextField } from '@/components/ui/text-field';

export type TourClient = {
  name: string;
  email: string;
  phone: string;
  brokerage: string;
  licence: string;
  consent: boolean;
};

export const EMPTY_CLIENT: TourClient = {
  name: '',
  email: '',
  phone: '',
  brokerage: '',
  licence: '',
  consent: false,
};

export function TourClientFields({
  form,
  set,
  fields,
  ownPhone,
  textsOffered,
}: {
  form: TourClient;
  set: (update: Partial<TourClient>) => void;
  fields: Readonly<Record<string, string>>;
  /** undefined while the caller's requests load; null when their profile has no phone. */
  ownPhone: string | null | undefined;
  /** undefined while the listings load. */
  textsOffered: boolean | undefined;
}) {
  return (
    <>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{T.clientHeading}</legend>
        <TextField
          label={T.clientName}
          required
          autoComplete="off"
          value={form.name}
          error={fields['client.name']}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          label={T.clientEmail}
          type="email"
          required
          autoComplete="off"
          value={form.email}
          error={fields['client.email']}
          onChange={(e) => set({ email: e.target.value })}
        />
        <TextField
          label={T.clientPhone}
          type="tel"
          required
          autoComplete="off"
          value={form.phone}
          error={fields['client.phone']}
          onChange={(e) => set({ phone: e.target.value })}
        />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={T.brokerageLabel}
          required
          value={form.brokerage}
          error={fields.brokerage}
          onChange={(e) => set({ brokerage: e.target.value })}
        />
        <TextField
          label={T.licenceLabel}
          required
          value={form.licence}
          error={fields.licence_number}
          onChange={(e) => set({ licence: e.target.value })}
        />
      </div>
      {ownPhone === null ? (
        <p className="text-sm text-amber-800">{T.noPhone}</p>
      ) : textsOffered === false ? (
        <p className="text-sm text-slate-600">{T.noTexts}</p>
      ) : ownPhone && textsOffered ? (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-5"
            checked={form.consent}
            onChange={(e) => set({ consent: e.target.checked })}
          />
          <span>
            {T.smsConsentLabel}
            <span className="block text-xs text-slate-500">{T.smsConsentHint(ownPhone)}</span>
          </span>
        </label>
      ) : null}
      {fields.sms_consent ? <p className="text-sm text-red-600">{fields.sms_consent}</p> : null}
    </>
  );
}
