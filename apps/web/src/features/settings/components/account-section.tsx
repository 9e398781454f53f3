// Account: where the sign-in details live, the address, two-factor, sessions and sign-in methods, and leaving
// (download my data; Delete account — one way to delete, which cancels the upcoming showings telling each buyer).
import { ButtonLink } from '@/components/ui/button';
import type { AgentProfile } from '@keyturn/domain/schemas/agent';
import { PasswordForm } from './password-form';
import { AccountProfileForm } from './account-profile-form';
import { ChangeEmailSection } from './account-security/change-email-section';
import { SessionsSection } from './account-security/sessions-section';
import { TwoFactorSection } from './account-security/two-factor-section';
import { SignInMethods } from './sign-in-methods';
import { LeavingSection } from './leaving-section';

export function AccountSection({ profile }: { profile: AgentProfile }) {
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
    </div>
  );
}
