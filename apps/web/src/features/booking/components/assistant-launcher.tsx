// The booking assistant's button on the public booking page (issue 17). The booking page imports this file
// lazily (one React.lazy), so its first load does not grow; the chat panel itself loads only when the buyer
// opens it. The button shows only when the agent offers the assistant.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from '@/lib/router';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { DETAILS } from '../details-texts';

const AssistantPanel = lazy(() => import('./assistant-panel').then((m) => ({ default: m.AssistantPanel })));

export function AssistantLauncher({
  agentId,
  propertyId,
  brand,
}: {
  agentId: string;
  propertyId: number | null;
  /** The page's colour variables (brandStyle): the chat opens in a portal, outside the page. */
  brand: Record<string, string>;
}) {
  const [open, setOpen] = useState(false);
  const t = useT(DETAILS);
  // Following the chat's "open the booking form" link changes the address: the chat closes.
  const { search } = useLocation();
  useEffect(() => setOpen(false), [search]);
  const status = useQuery({
    queryKey: ['assistant', 'status', agentId],
    queryFn: () => api.get<{ enabled: boolean }>(`/assistant/agent/${encodeURIComponent(agentId)}`),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!status.data?.enabled) return null;
  return (
    <>
      {/* In the page's flow below the steps, not floating: a fixed button covered the steps' own buttons on
          a phone (the consent banner's browser test caught "Continue" under it). */}
      <div className="mx-auto mt-6 flex max-w-5xl justify-center">
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            fill="currentColor"
            className="size-5 text-[var(--kt-primary)]"
          >
            <path d="M3.5 4A1.5 1.5 0 0 1 5 2.5h10A1.5 1.5 0 0 1 16.5 4v8a1.5 1.5 0 0 1-1.5 1.5H9l-3.6 3.1A.5.5 0 0 1 4.6 16.2V13.5H5A1.5 1.5 0 0 1 3.5 12V4Z" />
          </svg>
          {t('aiOpen')}
        </button>
      </div>
      {open ? (
        <Suspense fallback={null}>
          <AssistantPanel
            agentId={agentId}
            propertyId={propertyId}
            brand={brand}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
