// The line under every buyer- and seller-facing page: "Powered by" the logo, the accessibility statement
// (issue 43: linked from every public footer) and the language switcher (issue 43: English and Español side by
// side, each named in its own language and marked so, so a screen reader reads "Español" in Spanish; the
// chosen one is pressed; choosing the other loads its texts, switches the page in place and is remembered).
import { ACCESSIBILITY_PATH } from '@keyturn/domain/constants';
import { useLocation, useNavigate } from '@/lib/router';
import { LANGUAGE_NAMES, LOCALES, LOCALE_PARAM, type Locale } from '@keyturn/domain/i18n/locales';
import { Logo } from '@/components/ui/logo';
import { COMMON } from '@/lib/common-area';
import { useLocale, useT } from '@/lib/i18n';

export function PoweredBy({ className = '' }: { className?: string }) {
  const t = useT(COMMON);
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 ${className}`}>
      <span className="flex items-center gap-2">
        <span>{t('poweredBy')}</span>
        <Logo size="sm" />
      </span>
      <a
        href={ACCESSIBILITY_PATH}
        className="inline-flex min-h-6 items-center rounded underline-offset-2 hover:text-slate-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        {t('accessibility')}
      </a>
      <LanguageSwitcher />
    </div>
  );
}

export function LanguageSwitcher() {
  const { locale, setLocale } = useLocale();
  const t = useT(COMMON);
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  // The choice is the visitor's from now on: a ?lang= the page was opened with (a link in an e-mail) leaves the
  // address, so a reload keeps what they chose.
  const choose = async (next: Locale) => {
    await setLocale(next);
    const params = new URLSearchParams(search);
    if (!params.has(LOCALE_PARAM)) return;
    params.delete(LOCALE_PARAM);
    const rest = params.toString();
    void navigate(
      { pathname, search: rest ? `?${rest}` : '', hash },
      { replace: true, preventScrollReset: true },
    );
  };
  return (
    <div role="group" aria-label={t('language')} className="flex items-center gap-1">
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === locale}
          onClick={() => void choose(option)}
          className="inline-flex min-h-6 min-w-6 items-center rounded px-1.5 underline-offset-2 hover:text-slate-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 aria-pressed:font-semibold aria-pressed:text-slate-800"
        >
          {LANGUAGE_NAMES[option]}
        </button>
      ))}
    </div>
  );
}
