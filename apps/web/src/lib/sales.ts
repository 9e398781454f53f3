// The "Talk to Sales team" enquiry (POST /api/sales-inquiries → 201): the pricing page and Subscription send it.
import type { SalesInquiryInput } from '@keyturn/domain/schemas/waitlist';
import { api } from '@/lib/api';

export function sendSalesInquiry(input: SalesInquiryInput): Promise<{ success: true }> {
  return api.post<{ success: true }>('/sales-inquiries', input);
}
