// /team-invitation/:id (issue 15): the link of an invitation e-mail. Shows the team and the invited address;
// signed out, it offers to create an account or sign in (both come back here); signed in with the invited
// address, one button joins. Joined, the member goes to Settings → Team (or sets up their profile first).
import { useNavigate, useParams } from '@/lib/router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { teamInvitationPath } from '@keyturn/domain/links';
import { TEAM_MESSAGES, TEAM_ROLE_LABELS } from '@keyturn/domain/teams';
import { CenteredPage } from '@/components/centered-page';
import { ErrorAlert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { SafeImage } from '@/components/ui/safe-image';
import { Spinner } from '@/components/ui/spinner';
import { mediaUrl } from '@/lib/api';
import { endSession, useSession } from '@/lib/auth';
import { withNext } from '@/lib/next-path';
import { useAcceptInvitation, useInvitationPreview } from '@/lib/team';

export function AcceptInvitationPage() {
  const { id = '' } = useParams();
  const preview = useInvitationPreview(id);
  const session = useSession();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const here = teamInvitationPath(id);

  if (preview.isPending || session.status === 'loading') {
    return (
      <CenteredPage>
        <Spinner label="Loading the invitation" />
      </CenteredPage>
    );
  }
  if (preview.isError) {
    return (
      <CenteredPage>
        <title>Invitation · Keyturn</title>
        <h1 className="text-2xl font-bold text-slate-900">Team invitation</h1>
        <div className="mt-4">
          <ErrorAlert>{preview.error.message}</ErrorAlert>
        </div>
      </CenteredPage>
    );
  }
  const inv = preview.data;
  const signedInAs = session.status === 'signed-in' ? session.user.email : null;
  const sameAddress = signedInAs?.toLowerCase() === inv.email.toLowerCase();
  const closed =
    inv.status === 'expired'
      ? TEAM_MESSAGES.invitationExpired
      : inv.status !== 'pending'
        ? TEAM_MESSAGES.invitationNotPending
        : null;

  const join = async () => {
    try {
      await accept.mutateAsync(inv.id);
      toast.success(`Welcome to ${inv.teamName}.`);
      await navigate('/dashboard/settings?tab=team');
    } catch {
      // Shown below from accept.error.
    }
  };

  return (
    <CenteredPage>
      <title>{`Join ${inv.teamName} · Keyturn`}</title>
      <div className="flex items-center gap-3">
        {inv.teamLogo ? (
          <SafeImage src={mediaUrl(inv.teamLogo)} alt="" className="size-12 rounded-lg object-contain" />
        ) : (
          <span
            aria-hidden
            className="inline-block size-12 rounded-lg"
            style={{ backgroundColor: inv.teamColor }}
          />
        )}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Join {inv.teamName}</h1>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        {inv.invitedBy} invited <strong className="text-slate-900">{inv.email}</strong> to join the team as{' '}
        {inv.role === 'member' ? 'a' : 'an'} {TEAM_ROLE_LABELS[inv.role].toLowerCase()}.
      </p>
      <div className="mt-6 space-y-4">
        {closed ? (
          <ErrorAlert>{closed}</ErrorAlert>
        ) : signedInAs === null ? (
          <>
            <p className="text-sm text-slate-600">
              Create your Keyturn account with {inv.email}, or sign in if you already have one; you come back
              here to join.
            </p>
            <div className="flex flex-wrap gap-3">
              <ButtonLink to={withNext('/sign-up', here)}>Create an account</ButtonLink>
              <ButtonLink to={withNext('/sign-in', here)} variant="secondary">
                Sign in
              </ButtonLink>
            </div>
          </>
        ) : sameAddress ? (
          <Button onClick={() => void join()} disabled={accept.isPending}>
            {accept.isPending ? 'Joining…' : `Join ${inv.teamName}`}
          </Button>
        ) : (
          <>
            <ErrorAlert>
              You are signed in as {signedInAs}. {TEAM_MESSAGES.invitationOtherEmail}
            </ErrorAlert>
            <Button
              variant="secondary"
              onClick={() => void endSession(queryClient).then(() => navigate(withNext('/sign-in', here)))}
            >
              Sign out and sign in as {inv.email}
            </Button>
          </>
        )}
        {accept.isError ? <ErrorAlert>{accept.error.message}</ErrorAlert> : null}
      </div>
    </CenteredPage>
  );
}
