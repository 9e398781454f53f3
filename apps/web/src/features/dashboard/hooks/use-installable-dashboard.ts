// Issue 47 (decision 093): the dashboard, when it opens, becomes installable — the manifest and Apple's
// home-screen tags in the head, its service worker registered (scope /dashboard) — and counts the visit the
// install offer waits for. Public pages never run this (the dashboard's code is its own chunk). Decision 094:
// once the session is known, the worker is told whose API answers it keeps for offline use, and today's and
// tomorrow's day are read for it.
import { useEffect, useState } from 'react';
import { addHomeScreenTags, announceAgent, dashboardWorker } from '@/lib/app-install';
import { listenForRenewedPush } from '@/lib/push-device';
import { warmOfflineDay } from '@/lib/offline-warm';
import { countDashboardVisit } from '../components/install-prompt';

export function useInstallableDashboard(agentId: string | null = null): { visits: number } {
  const [visits] = useState(countDashboardVisit);
  useEffect(() => {
    addHomeScreenTags();
    void dashboardWorker();
    return listenForRenewedPush();
  }, []);
  useEffect(() => {
    // Then today's and tomorrow's day and their showings are read once, for the worker to keep.
    if (agentId) void announceAgent(agentId).then(warmOfflineDay);
  }, [agentId]);
  return { visits };
}
