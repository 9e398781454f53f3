// The buyer's contact fields' props (buyer-contact-fields.tsx) for a form whose values are named as the API's
// payloads — the waiting list's form and an open house's registration, both loaded lazily (so the booking page's
// first chunk, which holds the details step, does not carry this).
import type { UseFormRegisterReturn } from 'react-hook-form';

type PayloadName = 'client_name' | 'client_email' | 'client_phone' | 'buyer_type';

/** The fields' props for a form whose values are named as the API's payloads (client_name, …, buyer_type). */
export function payloadContactFields(
  register: (name: PayloadName) => UseFormRegisterReturn,
  errors: Partial<Record<PayloadName, { message?: string }>>,
) {
  return {
    fields: {
      name: register('client_name'),
      email: register('client_email'),
      phone: register('client_phone'),
      buyerType: register('buyer_type'),
    },
    errors: {
      name: errors.client_name?.message,
      email: errors.client_email?.message,
      phone: errors.client_phone?.message,
      buyerType: errors.buyer_type?.message,
    },
  };
}
