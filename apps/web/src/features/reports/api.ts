// The Reports calls: the core figures (every plan) and the breakdowns (Professional and Enterprise; the
// server answers 403 below, so the hook is only enabled when the plan includes them).
import { useQuery } from '@tanstack/react-query';
import type { Benchmarks, CoreReport, ReportBreakdowns, ReportRange } from '@keyturn/domain/schemas/reports';
import { api } from '@/lib/api';

const query = (range: ReportRange) =>
  `from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;

export function useCoreReport(range: ReportRange | null) {
  return useQuery({
    queryKey: ['reports', 'core', range?.from, range?.to],
    queryFn: () => api.get<CoreReport>(`/reports?${query(range!)}`),
    enabled: range !== null,
  });
}

export function useReportBreakdowns(range: ReportRange | null, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'breakdowns', range?.from, range?.to],
    queryFn: () => api.get<ReportBreakdowns>(`/reports/breakdowns?${query(range!)}`),
    enabled: enabled && range !== null,
  });
}

export function useBenchmarks(range: ReportRange | null, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'benchmarks', range?.from, range?.to],
    queryFn: () => api.get<Benchmarks>(`/reports/benchmarks?${query(range!)}`),
    enabled: enabled && range !== null,
  });
}
