// The overview's calls: GET /api/agents/dashboard (spec §7), and POST /api/agents/onboarding for its first steps.
import type { DashboardSummary, Onboarding, OnboardingMark } from '@keyturn/domain/schemas/agentSettings';
import { api } from '@/lib/api';

export async function fetchDashboard(): Promise<DashboardSummary> {
  return (await api.get<{ success: boolean; data: DashboardSummary }>('/agents/dashboard')).data;
}

export async function markOnboarding(mark: OnboardingMark): Promise<Onboarding> {
  return (await api.post<{ success: boolean; data: Onboarding }>('/agents/onboarding', { mark })).data;
}
