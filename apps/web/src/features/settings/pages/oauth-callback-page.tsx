import { CenteredPage } from '@/components/centered-page';
import { PageHeader } from '@/components/ui/page-header';

const providerNames = { google: 'Google Calendar', microsoft: 'Microsoft Outlook Calendar' } as const;

/** Where the calendar provider returns after authorisation (spec §2.1). */
export function OAuthCallbackPage({ provider }: { provider: keyof typeof providerNames }) {
  const name = providerNames[provider];
  return (
    <CenteredPage>
      <title>{`${name} · Keyturn`}</title>
      <PageHeader
        title={name}
        description={`The result of connecting your ${name} to Keyturn will appear here.`}
      />
    </CenteredPage>
  );
}
