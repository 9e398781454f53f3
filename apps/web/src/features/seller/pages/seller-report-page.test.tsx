// The seller's live report (issue 32 §4) with issue 45's "Document downloads" figure: labelled with its window
// from the domain's one definition (figures.ts), the count as the API answers it.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIGURES, figureLabel } from '@keyturn/domain/figures';
import type { SellerReport } from '@keyturn/domain/listing/sellerReport';
import { json, renderAt, stubApi } from '@/test/utils';
import { SellerReportPage } from './seller-report-page';

const report: SellerReport = {
  success: true,
  contact: { name: 'Sam Seller' },
  property: { address: '12 Main St', city: 'Springfield', state: 'IL', listed_on: '2026-01-01' },
  agent: {
    name: 'Jamie Agent',
    companyName: null,
    email: 'jamie@example.com',
    phone: null,
    logoUrl: null,
    primaryColor: '#1D4ED8',
    onPrimaryColor: '#FFFFFF',
  },
  weeks: [],
  totals: { done: 0, upcoming: 0, cancelled: 0, no_show: 0 },
  feedback: [],
  price_opinions: { too_high: 0, fair: 0, good_value: 0 },
  interest: { very_interested: 0, somewhat_interested: 0, not_interested: 0 },
  sentiment: { label: 'neutral', positive: [], negative: [] },
  comparison: { this_listing: 0, other_listings: null, other_count: 0 },
  document_downloads: 7,
  notes: '',
  generated_at: '2026-01-05T15:00:00.000Z',
};

describe('seller report page', () => {
  it('shows the listing’s document downloads with the figure’s label and window', async () => {
    stubApi({ 'GET /seller/tok': () => json(200, report) });
    renderAt(<SellerReportPage />, { path: '/seller/tok', routePath: '/seller/:token' });
    const heading = await screen.findByRole('heading', { name: figureLabel('documentDownloads') });
    expect(heading).toHaveTextContent('Document downloads, all time');
    expect(screen.getByText(FIGURES.documentDownloads.counts)).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
  });
});
