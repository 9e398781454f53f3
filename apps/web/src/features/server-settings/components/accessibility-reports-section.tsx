// Issue 43: what visitors reported through the accessibility statement's form, for the people who run the
// server to read and answer (each report's e-mail is a mailto link; the report itself was e-mailed to them too).
import { useQuery } from '@tanstack/react-query';
import { ACCESSIBILITY_TEXTS } from '@keyturn/domain/schemas/accessibility';
import { ACCESSIBILITY_REPORTS_KEY, fetchAccessibilityReports } from '../api';
import { VisitorMessages } from './visitor-messages';

export function AccessibilityReportsSection() {
  const query = useQuery({
    queryKey: ACCESSIBILITY_REPORTS_KEY,
    queryFn: fetchAccessibilityReports,
    select: (data) => ({
      total: data.total,
      items: data.reports.map((report) => ({
        ...report,
        lines: report.page ? [`Page: ${report.page}`] : [],
      })),
    }),
  });
  return (
    <VisitorMessages
      anchor="accessibility-reports"
      title={ACCESSIBILITY_TEXTS.sectionTitle}
      intro={ACCESSIBILITY_TEXTS.sectionIntro}
      loadingLabel="Loading the accessibility reports"
      none={ACCESSIBILITY_TEXTS.none}
      replySubject="Your accessibility report"
      noun="reports"
      query={query}
    />
  );
}
