// The booking assistant's button on the public booking page (issue 17). The booking page imports this file
// lazily (one React.lazy), so its first load does not grow; the chat panel itself loads only when the buyer
// opens it. The button shows only when the agent offers the assistant.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ASSISTANT_UI } from '@keyturn/domain/assistant/texts';
import { api } from '@/lib/api';

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
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="fixed right-4 bottom-20 z-30 inline-flex min-h-11 items-center gap-2 rounded-full bg-[var(--kt-primary)] px-4 text-sm font-semibold text-[var(--kt-on-primary)] shadow-lg hover:brightness-95 focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <span aria-hidden="true">💬</span>
        {ASSISTANT_UI.openButton}
      </button>
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
