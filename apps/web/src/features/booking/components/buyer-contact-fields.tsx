// The buyer's contact fields as every buyer form asks them (the details step, the waiting list's form): full
// name, e-mail, phone and buyer type, with the same labels, autocomplete and options. Each form registers them
// under its own names.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { BUYER_TYPES } from '@keyturn/domain/enums';
import { SelectField, TextField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n';
import { BUYER_TYPE_KEY, DETAILS, useFieldMessage } from '../details-texts';

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
  const t = useT(DETAILS);
  // The domain's schema messages (English) in the page's language; a server's own sentence as it came.
  const say = useFieldMessage();
  return (
    <>
      <TextField
        className={wide}
        label={t('fullName')}
        autoComplete="name"
        error={say(errors.name)}
        {...fields.name}
      />
      <TextField
        label={t('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={say(errors.email)}
        {...fields.email}
      />
      <TextField
        label={t('phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={say(errors.phone)}
        {...fields.phone}
      />
      <SelectField
        className={wide}
        label={t('buyerType')}
        error={say(errors.buyerType)}
        {...fields.buyerType}
      >
        <option value="">{t('pickBuyerType')}</option>
        {BUYER_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(BUYER_TYPE_KEY[type])}
          </option>
        ))}
      </SelectField>
    </>
  );
}
