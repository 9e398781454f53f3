// Issue 43 (decision 096): the language of a property's seller or occupant — every e-mail and text to them (the
// approval request and its reminder, the notices, the weekly report, a conversation's messages) is in it. Their
// own (learned from their approval page's answers, or set by the agent on the contact), else the agent's default
// language, else English.
import { DEFAULT_LOCALE, localeOfTag, type Locale } from '@keyturn/domain/i18n/locales';

export function contactLocale(
  contact: { language: string | null },
  agent: { defaultLanguage: string | null } | null | undefined,
): Locale {
  return localeOfTag(contact.language) ?? localeOfTag(agent?.defaultLanguage) ?? DEFAULT_LOCALE;
}
