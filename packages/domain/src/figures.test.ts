import { describe, expect, it } from 'vitest';
import {
  FIGURES,
  figureLabel,
  formatFigure,
  OWN_FIGURES,
  CONFIRMATION_FIGURES,
  REPORT_FIGURES,
  reportFigure,
  TEAM_FIGURES,
  windowLabel,
} from './figures';
import type { CoreReport } from './schemas/reports';

describe('figure definitions', () => {
  it('labels every figure with its window, and a team figure as the team’s', () => {
    expect(figureLabel('bookingsThisMonth')).toBe('Bookings made, this month');
    expect(figureLabel('bookingsThisMonth', { scope: 'team' })).toBe("Team's bookings made, this month");
    expect(figureLabel('properties', { scope: 'team' })).toBe("Team's properties, now");
    expect(figureLabel('hotBuyers')).toBe('Hot buyers, all time');
    expect(figureLabel('pendingRequests')).toBe('Pending requests, now');
    const range = { from: '2026-10-29', to: '2026-11-27', today: '2026-11-27' };
    expect(figureLabel('booked', { range })).toBe('Booked showings (by showing date), last 30 days');
    expect(figureLabel('rangeHotBuyers', { range })).toBe('Hot buyers, last 30 days');
  });

  it('tells the overview’s bookings made this month apart from the report’s showings booked by showing date (issue 39)', () => {
    const range = { from: '2026-10-29', to: '2026-11-27', today: '2026-11-27' };
    const made = figureLabel('bookingsThisMonth');
    const byShowingDate = figureLabel('booked', { range });
    expect(made).not.toBe(byShowingDate);
    // Each names what it counts by and its window.
    expect(made).toMatch(/^Bookings made, this month$/);
    expect(byShowingDate).toMatch(/by showing date\), last 30 days$/);
    expect(made.toLowerCase()).not.toContain('showing');
  });

  it('writes a past range by its dates, the year once when both ends share it', () => {
    expect(windowLabel('report_range', { from: '2026-11-03', to: '2026-11-09', today: '2026-11-27' })).toBe(
      '3 Nov – 9 Nov 2026',
    );
    expect(windowLabel('report_range', { from: '2025-12-29', to: '2026-01-04', today: '2026-11-27' })).toBe(
      '29 Dec 2025 – 4 Jan 2026',
    );
    expect(windowLabel('report_range', { from: '2026-11-27', to: '2026-11-27', today: '2026-11-27' })).toBe(
      'today',
    );
  });

  it('shows the team only the figures defined for a team, and two figures never share a label', () => {
    for (const id of TEAM_FIGURES) expect(FIGURES[id].scopes).toContain('team');
    for (const id of OWN_FIGURES) expect(FIGURES[id].scopes).toContain('own');
    const range = { from: '2026-10-29', to: '2026-11-27', today: '2026-11-27' };
    const labels = (Object.keys(FIGURES) as (keyof typeof FIGURES)[]).map((id) => figureLabel(id, { range }));
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('reads each report figure from the one place of the report it lives in', () => {
    const report = {
      funnel: { booked: 10, showed: 7, feedback: 5, hot: 3 },
      rates: {
        no_show: { count: 1, of: 8, rate: 0.125 },
        cancellation: { count: 2, of: 10, rate: 0.2 },
        no_show_by_confirmation: {
          text: { count: 0, of: 4, rate: 0 },
          page: { count: 0, of: 0, rate: null },
          none: { count: 1, of: 4, rate: 0.25 },
        },
      },
      lead_classes_by_week: [
        { week_start: '2026-11-16', week_end: '2026-11-22', hot: 1, potential: 0, cold: 0 },
        { week_start: '2026-11-23', week_end: '2026-11-27', hot: 2, potential: 1, cold: 0 },
      ],
    } as unknown as CoreReport;
    expect(REPORT_FIGURES.map((id) => reportFigure(report, id))).toEqual([10, 7, 2, 0.125, 0.2]);
    expect(reportFigure(report, 'hotShowings')).toBe(3);
    expect(CONFIRMATION_FIGURES.map((id) => reportFigure(report, id))).toEqual([0, null, 0.25]);
    expect(
      figureLabel('notConfirmedNoShowRate', {
        range: { from: '2026-10-29', to: '2026-11-27', today: '2026-11-27' },
      }),
    ).toBe('No-show rate when not confirmed, last 30 days');
    expect(formatFigure('noShowRate', 0.125)).toBe('12.5%');
    expect(formatFigure('booked', 10)).toBe('10');
    expect(formatFigure('cancellationRate', null)).toBe('—');
  });
});
