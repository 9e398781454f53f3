// Server settings (issue 30, decision 048): the server's administrator connects e-mail, texts, the calendar
// apps, maps, billing and the AI provider here, removes the demo and reads accessibility reports (issue 43).
// Anyone else gets the server's refusal, said plainly.
import { useQuery } from '@tanstack/react-query';
import { SERVER_SETTINGS_SECTIONS, SERVER_SETTINGS_TEXTS } from '@keyturn/domain/schemas/serverSettings';
import { ErrorAlert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { fetchServerSettings, SERVER_SETTINGS_KEY } from '../api';
import { AccessibilityReportsSection } from '../components/accessibility-reports-section';
import { SalesEnquiriesSection } from '../components/sales-enquiries-section';
import { DemoSection } from '../components/demo-section';
import { SettingsSection } from '../components/settings-section';

export function ServerSettingsPage() {
  const query = useQuery({ queryKey: SERVER_SETTINGS_KEY, queryFn: fetchServerSettings });
  return (
    <div className="space-y-6">
      <PageHeader title={SERVER_SETTINGS_TEXTS.title} description={SERVER_SETTINGS_TEXTS.intro} />
      {query.isPending ? (
        <Spinner label="Loading server settings" />
      ) : query.isError ? (
        <ErrorAlert>
          {query.error instanceof ApiError && query.error.status === 403
            ? SERVER_SETTINGS_TEXTS.forbidden
            : query.error.message}
        </ErrorAlert>
      ) : (
        <>
          {SERVER_SETTINGS_SECTIONS.map((section) => (
            <SettingsSection key={section} section={section} body={query.data} />
          ))}
          <DemoSection />
          <AccessibilityReportsSection />
          <SalesEnquiriesSection />
        </>
      )}
    </div>
  );
}
