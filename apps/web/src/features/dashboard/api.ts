// The overview's one call (spec §7): GET /api/agents/dashboard.
import type { DashboardSummary } from '@keyturn/domain/schemas/agentSettings';
import { api } from '@/lib/api';

export async function fetchDashboard(): Promise<DashboardSummary> {
  return (await api.get<{ success: boolean; data: DashboardSummary }>('/agents/dashboard')).data;
}
