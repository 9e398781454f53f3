// The agent profile's own fields, shared by the first-time setup (/profile) and Settings → Account: the
// names, the username of the booking links, the time zone (shown by name and offset, never a raw IANA id) and
// the booking pages' language for buyers whose browser asks for neither English nor Spanish (issue 43).
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { AgentProfileInput } from '@keyturn/domain/schemas/agent';
import { LANGUAGE_NAMES, LOCALES } from '@keyturn/domain/i18n/locales';
import { timeZoneLabel } from '@keyturn/domain/time';
import { SelectField, TextField } from '@/components/ui/text-field';
import { timeZoneOptions } from '@/lib/time-zones';

interface FieldsProps {
  register: UseFormRegister<AgentProfileInput>;
  errors: FieldErrors<AgentProfileInput>;
}

export function AgentNameFields({ register, errors }: FieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="First name"
        autoComplete="given-name"
        error={errors.first_name?.message}
        {...register('first_name')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={errors.last_name?.message}
        {...register('last_name')}
      />
    </div>
  );
}

export function AgentUsernameField({
  register,
  errors,
  onEdit,
}: FieldsProps & {
  /** Called when the agent types in the field (setup stops suggesting a name from then on). */
  onEdit?: () => void;
}) {
  return (
    <TextField
      label="Username"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      hint="Used in your booking links: lowercase letters, digits and hyphens."
      error={errors.username?.message}
      {...register('username', onEdit ? { onChange: onEdit } : {})}
    />
  );
}

/** `zone`: the selected zone (kept in the list even when the browser spells it otherwise). */
export function AgentTimeZoneField({ register, errors, zone }: FieldsProps & { zone: string }) {
  const now = new Date();
  return (
    <SelectField label="Time zone" error={errors.timeZone?.message} {...register('timeZone')}>
      {timeZoneOptions(zone).map((option) => (
        <option key={option} value={option}>
          {timeZoneLabel(option, now)}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Issue 43: the language of the agent's booking pages for a buyer whose browser names neither English nor
 * Spanish. A buyer's own browser language or choice comes first; each language named in itself.
 */
export function AgentLanguageField({ register, errors }: FieldsProps) {
  return (
    <SelectField
      label="Booking pages' language"
      hint="For buyers whose browser asks for neither English nor Spanish. Buyers can switch at the foot of every page; their e-mails and texts follow the language they booked in."
      error={errors.defaultLanguage?.message}
      {...register('defaultLanguage')}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LANGUAGE_NAMES[locale]}
        </option>
      ))}
    </SelectField>
  );
}
