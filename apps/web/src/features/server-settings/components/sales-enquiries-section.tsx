// The public site's "Talk to Sales" enquiries and the waiting list's size, for the people who run the server:
// stored since the public site asked for them, read by nobody until this section.
import { useQuery } from '@tanstack/react-query';
import { SALES_ENQUIRY_TEXTS } from '@keyturn/domain/schemas/salesEnquiries';
import { SALES_ENQUIRIES_KEY, fetchSalesEnquiries } from '../api';
import { VisitorMessages } from './visitor-messages';

export function SalesEnquiriesSection() {
  const query = useQuery({
    queryKey: SALES_ENQUIRIES_KEY,
    queryFn: fetchSalesEnquiries,
    select: (data) => ({
      total: data.total,
      waitingList: data.waiting_list,
      items: data.enquiries.map((enquiry) => ({
        ...enquiry,
        lines: enquiry.company ? [`Company: ${enquiry.company}`] : [],
      })),
    }),
  });
  return (
    <VisitorMessages
      anchor="sales-enquiries"
      title={SALES_ENQUIRY_TEXTS.sectionTitle}
      intro={SALES_ENQUIRY_TEXTS.sectionIntro}
      loadingLabel="Loading the sales enquiries"
      none={SALES_ENQUIRY_TEXTS.none}
      replySubject={SALES_ENQUIRY_TEXTS.replySubject}
      noun="enquiries"
      query={query}
      summary={() => SALES_ENQUIRY_TEXTS.waitingList(query.data?.waitingList ?? 0)}
    />
  );
}
