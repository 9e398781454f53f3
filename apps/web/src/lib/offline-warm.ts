// Issue 47 (decision 094): with the network there, the dashboard reads today's and tomorrow's My day and the
// details of each of their showings once, so the service worker keeps them for the agent's day — the buyer's
// phone and the address included — even where the agent never opened them before losing the signal. Nothing
// is read without the network, and a plan without My day (403) keeps nothing.
import type { AgentDay } from '@keyturn/domain/schemas/routes';
import { addDays } from '@keyturn/domain/slots/reference';
import { api } from './api';

export async function warmOfflineDay(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.onLine || !('serviceWorker' in navigator)) return;
  // Only a page the worker controls has its reads kept.
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) return;
  try {
    const today = (await api.get<{ data: AgentDay }>('/routes/day')).data;
    const tomorrow = (
      await api.get<{ data: AgentDay }>(`/routes/day?date=${encodeURIComponent(addDays(today.date, 1))}`)
    ).data;
    const ids = new Set([...today.showings, ...tomorrow.showings].map((showing) => showing.booking_id));
    for (const id of ids) await api.get(`/bookings/${encodeURIComponent(id)}`);
  } catch {
    // No My day on this plan, or the network went: what was kept stays.
  }
}
