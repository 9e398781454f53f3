// Issue 43: /accessibility, linked from every public footer — what we claim (WCAG 2.2 AA, on which pages), how
// it is tested, what we know falls short, and a form that reaches the people who run this server. In the
// visitor's language (the `statement` area; the server writes <html lang>), with the language switcher here:
// the marketing footer under it has none (the marketing site stays English).
import type { ReactNode } from 'react';
import { Container, PageHero, PageMeta } from '@/components/site-chrome';
import { LanguageSwitcher } from '@/components/buyer-footer';
import { useT } from '@/lib/i18n';
import { AccessibilityReportForm } from '../components/accessibility-report-form';
import { STATEMENT } from '../statement-texts';
import { LocaleProvider } from '@/lib/locale';

type Key = NonNullable<(typeof STATEMENT)['keys']>;

const IN_SCOPE: Key[] = ['scopePublic', 'scopeSignIn', 'scopeBuyer', 'scopeSeller'];

const TESTING: Key[] = ['testingAxe', 'testingKeyboard', 'testingFocus', 'testingMotion'];

const EXCEPTIONS: Key[] = ['exceptionPhotos', 'exceptionAgentTexts', 'exceptionEmbed', 'exceptionDashboard'];

const text = 'text-base leading-7 text-slate-700';

const List = ({ items }: { items: ReactNode[] }) => (
  <ul className={`mt-3 list-disc space-y-2 pl-5 ${text}`}>
    {items.map((item, index) => (
      <li key={index}>{item}</li>
    ))}
  </ul>
);

const Heading = ({ id, children }: { id: string; children: ReactNode }) => (
  <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
    {children}
  </h2>
);

/** /accessibility: the accessibility statement and its report form. */
function AccessibilityPageInLocale() {
  const t = useT(STATEMENT);
  return (
    <>
      <PageMeta title={t('metaTitle')} description={t('metaDescription')} />
      <PageHero eyebrow={t('eyebrow')} title={t('title')} intro={t('intro')}>
        <div className="text-sm text-slate-600">
          <LanguageSwitcher />
        </div>
      </PageHero>
      <Container className="py-14 sm:py-20">
        <div className="max-w-3xl space-y-14">
          <section aria-labelledby="scope-title">
            <Heading id="scope-title">{t('scopeTitle')}</Heading>
            <p className={`mt-3 ${text}`}>{t('scopeIntro')}</p>
            <List items={IN_SCOPE.map((key) => t(key))} />
            <p className={`mt-3 ${text}`}>{t('languages')}</p>
          </section>

          <section aria-labelledby="testing-title">
            <Heading id="testing-title">{t('testingTitle')}</Heading>
            <List items={TESTING.map((key) => t(key))} />
          </section>

          <section aria-labelledby="exceptions-title">
            <Heading id="exceptions-title">{t('exceptionsTitle')}</Heading>
            <List items={EXCEPTIONS.map((key) => t(key))} />
          </section>

          <section aria-labelledby="report-title">
            <Heading id="report-title">{t('reportTitle')}</Heading>
            <p className={`mt-3 ${text}`}>{t('reportIntro')}</p>
            <AccessibilityReportForm />
          </section>
        </div>
      </Container>
    </>
  );
}

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function AccessibilityPage() {
  return (
    <LocaleProvider>
      <AccessibilityPageInLocale />
    </LocaleProvider>
  );
}
