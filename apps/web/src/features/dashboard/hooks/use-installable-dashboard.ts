// Issue 47 (decision 093): the dashboard, when it opens, becomes installable — the manifest and Apple's
// home-screen tags in the head, its service worker registered (scope /dashboard) — and counts the visit the
// install offer waits for. Public pages never run this (the dashboard's code is its own chunk).
import { useEffect, useState } from 'react';
import { addHomeScreenTags, dashboardWorker } from '@/lib/app-install';
import { countDashboardVisit } from '../components/install-prompt';

export function useInstallableDashboard(): { visits: number } {
  const [visits] = useState(countDashboardVisit);
  useEffect(() => {
    addHomeScreenTags();
    void dashboardWorker();
  }, []);
  return { visits };
}
