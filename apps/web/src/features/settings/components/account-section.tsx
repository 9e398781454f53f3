// Account: where the sign-in details live, and deleting the agent profile with everything in it — behind a
// typed confirmation, then signed out and back to the start page.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ErrorAlert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { endSession } from '@/lib/auth';
import type { AgentProfile } from '@keyturn/domain/schemas/agent';
import { deleteAgentProfile } from '../api';
import { PasswordForm } from './password-form';
import { AccountProfileForm } from './account-profile-form';
import { ChangeEmailSection } from './account-security/change-email-section';
import { SessionsSection } from './account-security/sessions-section';
import { TwoFactorSection } from './account-security/two-factor-section';
import { SignInMethods } from './sign-in-methods';
import { LeavingSection } from './leaving-section';

export const DELETE_CONFIRMATION = 'delete my profile';

export function AccountSection({ profile }: { profile: AgentProfile }) {
  const agentId = profile.id;
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-6">
      <AccountProfileForm profile={profile} />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="font-semibold text-slate-900">Sign-in and personal details</h2>
        <p className="mt-1 text-sm text-slate-600">Your name, e-mail address and password.</p>
        <ButtonLink to="/user-profile" variant="secondary" size="sm" className="mt-3">
          Manage your account
        </ButtonLink>
      </section>
      <PasswordForm />
      {/* Issue 41: the address, two-factor sign-in and the signed-in sessions. */}
      <ChangeEmailSection />
      <TwoFactorSection />
      <SessionsSection />
      <SignInMethods />
      <LeavingSection />
      <section
        aria-labelledby="danger-zone-heading"
        className="rounded-xl border border-red-200 bg-white p-5 shadow-sm"
      >
        <h2 id="danger-zone-heading" className="font-semibold text-red-800">
          Danger zone
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Deleting your agent profile removes your booking page, properties, bookings, links and settings. It
          cannot be undone.
        </p>
        <Button variant="danger" size="sm" className="mt-3" onClick={() => setOpen(true)}>
          Delete my profile
        </Button>
      </section>
      {open ? <DeleteProfileDialog agentId={agentId} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function DeleteProfileDialog({ agentId, onClose }: { agentId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = typed.trim().toLowerCase() === DELETE_CONFIRMATION;

  const remove = async () => {
    if (!confirmed) return;
    setBusy(true);
    setFailure(null);
    try {
      await deleteAgentProfile(agentId);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Your profile could not be deleted.');
      setBusy(false);
      return;
    }
    toast.success('Your profile is deleted.');
    // Leave the guarded pages first, so the guard does not send the user to sign-in when the session ends.
    await navigate('/', { replace: true });
    await endSession(queryClient);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title="Delete your profile?"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep my profile
          </Button>
          <Button variant="danger" onClick={() => void remove()} disabled={!confirmed || busy}>
            {busy ? 'Deleting…' : 'Delete profile'}
          </Button>
        </>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void remove();
        }}
      >
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <p className="text-sm text-slate-700">
          Everything goes: your booking page, properties, bookings, links and settings. You will be signed
          out.
        </p>
        <TextField
          label={`Type “${DELETE_CONFIRMATION}” to confirm`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
