// Server settings' demo account (issue 40, decision 064): whether this server has it — its sign-in is public,
// its messages are kept on the server, its data rebuilt daily — and "Remove the demo" behind a confirmation.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEMO_TEXTS } from '@keyturn/domain/demo';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { DEMO_KEY, fetchDemo, removeDemo } from '../api';

export function DemoSection() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: DEMO_KEY, queryFn: fetchDemo });
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: removeDemo,
    onSuccess: (answer) => {
      queryClient.setQueryData(DEMO_KEY, answer);
      setConfirming(false);
      toast.success(DEMO_TEXTS.removed);
    },
  });
  const demo = query.data?.demo ?? null;
  return (
    <section
      aria-labelledby="server-settings-demo"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="server-settings-demo" className="text-lg font-semibold text-slate-900">
        {DEMO_TEXTS.sectionTitle}
      </h2>
      {query.isPending ? (
        <Spinner label="Loading the demo account" />
      ) : query.isError ? (
        <p className="mt-1 text-sm text-red-700">{query.error.message}</p>
      ) : demo ? (
        <>
          <p className="mt-1 text-sm text-slate-600">{DEMO_TEXTS.present(demo.email)}</p>
          <p className="mt-1 text-sm text-slate-600">
            {demo.properties} listings, {demo.bookings} bookings.
          </p>
          <div className="mt-4">
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {DEMO_TEXTS.remove}
            </Button>
          </div>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          {DEMO_TEXTS.absent} {DEMO_TEXTS.seeding}
        </p>
      )}
      {remove.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {remove.error.message}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={DEMO_TEXTS.remove}
        confirmLabel={DEMO_TEXTS.remove}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>{DEMO_TEXTS.confirmRemove}</p>
      </ConfirmDialog>
    </section>
  );
}
