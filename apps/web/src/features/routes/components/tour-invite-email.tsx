// The tour invitation by e-mail (issue 16), under the saved tour's link: the server queues it through the
// notification queue (POST /api/tours/:id/invite) to the address typed, else the buyer's it already knows.
// Without an address the agent copies the link above; nothing is sent from the browser.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { api, ApiError } from '@/lib/api';

export function TourInviteEmail({ tourId, sentTo }: { tourId: string; sentTo: string | null }) {
  const [email, setEmail] = useState(sentTo ?? '');
  const send = useMutation({
    mutationFn: (to: string) =>
      api
        .post<{ data: { invitation_sent_to: string } }>(`/tours/${encodeURIComponent(tourId)}/invite`, {
          email: to,
        })
        .then((r) => r.data),
  });
  const lastSent = send.data?.invitation_sent_to ?? sentTo;
  const fieldError = send.error instanceof ApiError ? send.error.fields.email : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(email.trim());
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-2" aria-label={ROUTE_MESSAGES.tourInviteButton}>
      {lastSent ? (
        <p role="status" className="text-sm text-emerald-700">
          {ROUTE_MESSAGES.tourInviteSent(lastSent)}
        </p>
      ) : null}
      <TextField
        label={ROUTE_MESSAGES.tourInviteEmailLabel}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        hint={ROUTE_MESSAGES.tourInviteEmailHelp}
        error={fieldError}
      />
      <Button type="submit" variant="secondary" disabled={send.isPending || email.trim() === ''}>
        {send.isPending ? 'Sending…' : ROUTE_MESSAGES.tourInviteButton}
      </Button>
      {send.isError && !fieldError ? <ErrorAlert>{send.error.message}</ErrorAlert> : null}
    </form>
  );
}
