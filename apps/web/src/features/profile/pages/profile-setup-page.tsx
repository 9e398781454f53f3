import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import type { AgentProfileInput } from '@keyturn/domain/schemas/agent';
import { CenteredPage } from '@/components/centered-page';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession, userNames } from '@/lib/auth';
import { useAgentProfile } from '@/lib/agent-profile';
import { useAuthProfile } from '@/lib/auth-profile';
import { ProfileForm } from '../components/profile-form';
import { browserTimeZone } from '@/lib/time-zones';

/**
 * Agent profile setup (spec §2.1 /profile, signed-in only). Without a profile the form creates one, its
 * names taken from the account; with one it is prefilled and updates it.
 */
export function ProfileSetupPage() {
  const session = useSession();
  const agentProfile = useAgentProfile();
  const authProfile = useAuthProfile();

  let content;
  if (agentProfile.isPending || authProfile.isPending) {
    content = (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  } else if (agentProfile.isError) {
    content = (
      <div className="mt-6 space-y-4">
        <ErrorAlert>We could not load your profile. {agentProfile.error.message}</ErrorAlert>
        <Button variant="secondary" onClick={() => void agentProfile.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (agentProfile.data) {
    const existing = agentProfile.data;
    const defaults: AgentProfileInput = {
      first_name: existing.first_name,
      last_name: existing.last_name,
      phone: existing.phone,
      companyName: existing.companyName ?? '',
      username: existing.username,
      timeZone: existing.timeZone,
      primaryColor: existing.primaryColor,
    };
    content = (
      <ProfileForm
        mode="edit"
        agentId={existing.id}
        defaultValues={defaults}
        images={{ logoUrl: existing.logoUrl, profilePictureUrl: existing.profilePictureUrl }}
      />
    );
  } else {
    // The account's names; if the account profile could not be read, the session's.
    const names =
      authProfile.data ?? (session.user ? userNames(session.user) : { firstName: '', lastName: '' });
    const defaults: AgentProfileInput = {
      first_name: names.firstName,
      last_name: names.lastName,
      phone: '',
      companyName: '',
      username: '',
      timeZone: browserTimeZone(),
      primaryColor: DEFAULT_PRIMARY_COLOR,
    };
    content = <ProfileForm mode="create" defaultValues={defaults} />;
  }

  const editing = agentProfile.isSuccess && agentProfile.data !== null;
  return (
    <CenteredPage wide>
      <title>Your agent profile · Keyturn</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {editing ? 'Your agent profile' : 'Set up your agent profile'}
      </h1>
      <p className="mt-2 text-sm text-slate-600">Buyers see these details on your booking page.</p>
      {content}
    </CenteredPage>
  );
}
