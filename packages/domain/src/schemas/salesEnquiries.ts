// Server settings' reader of what visitors sent from the public site: the "Talk to Sales" enquiries and the
// waiting list's size. Its own module, so the public site's pages (which load schemas/waitlist.ts) do not carry
// the reader's schemas and words.
import { z } from 'zod';

/** Server settings' reader of the public site's sales enquiries (newest first) and the waiting list's size. */
export const SALES_ENQUIRIES_SHOWN = 50;
export const salesEnquiryViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type SalesEnquiry = z.infer<typeof salesEnquiryViewSchema>;
export const salesEnquiriesResponseSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  waiting_list: z.number().int(),
  enquiries: z.array(salesEnquiryViewSchema),
});
export type SalesEnquiriesResponse = z.infer<typeof salesEnquiriesResponseSchema>;

/** The words of that reader. */
export const SALES_ENQUIRY_TEXTS = {
  sectionTitle: 'Sales enquiries and the waiting list',
  sectionIntro:
    'What visitors sent from the public site: "Talk to Sales" enquiries, newest first (a repeat from the same ' +
    'address replaces the earlier one), and how many joined the waiting list. Answer them by e-mail.',
  none: 'No sales enquiry yet.',
  waitingList: (n: number) =>
    n === 0
      ? 'Nobody has joined the waiting list yet.'
      : `${n} ${n === 1 ? 'person has' : 'people have'} joined the waiting list.`,
  replySubject: 'Your Keyturn enquiry',
} as const;
