// The marketing pages' one call: a "Talk to Sales team" enquiry (POST /api/sales-inquiries → 201).
import type { SalesInquiryInput } from '@keyturn/domain/schemas/waitlist';
import { api } from '@/lib/api';

export function sendSalesInquiry(input: SalesInquiryInput): Promise<{ success: true }> {
  return api.post<{ success: true }>('/sales-inquiries', input);
}
