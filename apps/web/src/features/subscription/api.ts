// The agent's usage against the plan's limits (spec §7): GET /api/agents/usage-stats.
import type { UsageStats } from '@keyturn/domain/schemas/agentSettings';
import { api } from '@/lib/api';

export async function fetchUsageStats(): Promise<UsageStats> {
  return (await api.get<{ success: boolean; data: UsageStats }>('/agents/usage-stats')).data;
}
