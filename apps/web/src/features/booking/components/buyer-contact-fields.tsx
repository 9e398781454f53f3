// The buyer's contact fields as every buyer form asks them (the details step, the waiting list's form): full
// name, e-mail, phone and buyer type, with the same labels, autocomplete and options. Each form registers them
// under its own names.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { BUYER_TYPES, BUYER_TYPE_LABELS } from '@keyturn/domain/enums';
import { PhoneField, SelectField, TextField } from '@/components/ui/text-field';

type Field = 'name' | 'email' | 'phone' | 'buyerType';

export function BuyerContactFields({
  fields,
  errors,
  wide = '',
}: {
  fields: Record<Field, UseFormRegisterReturn>;
  errors: Partial<Record<Field, string | undefined>>;
  /** The class of the fields that span the form's row (name and buyer type on the details step's grid). */
  wide?: string;
}) {
  return (
    <>
      <TextField
        className={wide}
        label="Full name"
        autoComplete="name"
        error={errors.name}
        {...fields.name}
      />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email}
        {...fields.email}
      />
      <PhoneField error={errors.phone} {...fields.phone} />
      <SelectField className={wide} label="Buyer type" error={errors.buyerType} {...fields.buyerType}>
        <option value="">Select buyer type</option>
        {BUYER_TYPES.map((type) => (
          <option key={type} value={type}>
            {BUYER_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
    </>
  );
}
