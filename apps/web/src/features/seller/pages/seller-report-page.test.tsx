// The seller's live report (issue 32 §4) with issue 45's "Document downloads" figure: labelled with its window
// from the domain's one definition (figures.ts), the count as the API answers it.
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIGURES, figureLabel } from '@keyturn/domain/figures';
import type { SellerReport } from '@keyturn/domain/listing/sellerReport';
import { loadLocale } from '@/lib/i18n';
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

describe('seller report page in Spanish (issue 43)', () => {
  beforeAll(() => loadLocale('es'));

  it('labels in Spanish; the figures as the API counts them, dates and numbers in es-US', async () => {
    stubApi({
      'GET /seller/tok': () =>
        json(200, {
          ...report,
          weeks: [{ week_of: '2026-01-05', done: 2, upcoming: 1, cancelled: 0, no_show: 0 }],
          totals: { done: 2, upcoming: 1, cancelled: 0, no_show: 0 },
          interest: { very_interested: 1, somewhat_interested: 0, not_interested: 0 },
          price_opinions: { too_high: 0, fair: 1, good_value: 0 },
          sentiment: { label: 'positive', positive: ['great light'], negative: [] },
          comparison: { this_listing: 2.5, other_listings: 1.25, other_count: 3 },
          document_downloads: 1234,
          feedback: [
            {
              date: '2026-01-05T15:00:00.000Z',
              buyer: 'Buyer 1',
              rating: 4,
              interest: 'very_interested',
              price_opinion: 'fair',
              liked: 'The kitchen',
              disliked: null,
              comments: null,
            },
          ],
        }),
    });
    renderAt(<SellerReportPage />, { path: '/seller/tok', routePath: '/seller/:token', locale: 'es' });
    expect(
      await screen.findByRole('heading', { name: 'Informe de visitas: 12 Main St' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Springfield, IL · Actualizado el lun, 5 de ene')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Visitas por semana' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Semana del' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'lun, 5 de ene' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Impresión general: Mayormente positiva' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Descargas de documentos, desde el inicio' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('2.5')).toBeInTheDocument();
    expect(screen.getByText('Muy interesado · Justo')).toBeInTheDocument();
    expect(screen.getByText('Buyer 1 · lun, 5 de ene · 4/5')).toBeInTheDocument();
    expect(screen.getByText('No se muestran los nombres de los compradores.')).toBeInTheDocument();
    expect(screen.queryByText('Showings by week')).toBeNull();
  });
});
