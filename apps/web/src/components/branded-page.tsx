// The buyer's one-off pages in the agent's brand (issue 29): feedback, its thank-you and a tour were drawn in
// Keyturn blue under the Keyturn logo. The agent's logo (or initial) and name head the card, every accent
// takes the agent's colour (the --kt-primary variables the booking page sets), "Powered by Keyturn" below.
// Until the agent is known (loading, a bad link) the page is Keyturn's, as CenteredPage.
import type { ReactNode } from 'react';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { CenteredPage } from '@/components/centered-page';
import { PoweredBy } from '@/components/buyer-footer';
import { SafeImage, initialOf } from '@/components/ui/safe-image';
import { VISIT } from '@/lib/visit-area';
import { useT } from '@/lib/i18n';

/** The agent's brand as a page's answer carries it; the server names the text colour on it (domain contrast.ts). */
export type PageBrand = {
  name: string;
  logoUrl: string | null;
  primaryColor: string | null;
  onPrimaryColor: string;
};

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The CSS variables of the brand (an agent's hex colour; anything else is Keyturn's, white text on it). */
function brandVariables({ primaryColor, onPrimaryColor }: PageBrand): Record<string, string> {
  const valid = primaryColor !== null && HEX_COLOR.test(primaryColor.trim());
  return {
    '--kt-primary': valid ? primaryColor.trim() : DEFAULT_PRIMARY_COLOR,
    '--kt-on-primary': valid ? onPrimaryColor : '#ffffff',
  };
}

export function BrandedPage({
  brand,
  wide = false,
  children,
}: {
  brand: PageBrand | null;
  wide?: boolean;
  children: ReactNode;
}) {
  if (!brand) return <CenteredPage wide={wide}>{children}</CenteredPage>;
  return (
    <div
      style={brandVariables(brand)}
      className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-10 sm:justify-center sm:py-16"
    >
      <main
        id="main"
        className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8`}
      >
        <div className="mb-5">
          <BrandMark name={brand.name} logoUrl={brand.logoUrl} />
        </div>
        {children}
      </main>
      <PoweredByKeyturn />
    </div>
  );
}

/** The agent's logo (or initial on their colour) and their company or name. */
export function BrandMark({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  const t = useT(VISIT);
  return (
    <div className="flex items-center gap-3">
      <SafeImage
        src={logoUrl}
        alt={t('logo', { name })}
        className="h-9 max-w-32 object-contain"
        fallback={
          <span
            aria-hidden="true"
            className="inline-flex size-9 items-center justify-center rounded-lg bg-[var(--kt-primary)] font-bold text-[var(--kt-on-primary)]"
          >
            {initialOf(name)}
          </span>
        }
      />
      <span className="text-sm font-semibold text-slate-700">{name}</span>
    </div>
  );
}

/** "Powered by" and the product logo, under a buyer page in an agent's brand. */
export function PoweredByKeyturn() {
  return <PoweredBy className="mt-6 justify-center" />;
}
