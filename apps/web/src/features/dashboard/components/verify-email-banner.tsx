// Issue 41: until the account's address is verified, every dashboard page carries a calm banner saying so,
// with "Send again" (the server allows one new link a minute and says how long to wait). On a server that cannot
// send e-mail yet, it says the link was kept there instead, and who can find it — never that it was sent.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth';
import { emailDelivery, sendVerificationAgain } from '@/lib/account-security';

export function VerifyEmailBanner() {
  const session = useSession();
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const unverified = session.status === 'signed-in' && session.user.emailVerified === false;
  const delivery = useQuery({
    queryKey: ['auth', 'email-delivery'],
    queryFn: emailDelivery,
    enabled: unverified,
    staleTime: 30_000,
  });
  // Until the server has answered how the link travelled, the banner waits rather than guess.
  if (session.status !== 'signed-in' || !unverified || delivery.isPending) return null;
  const { email } = session.user;
  const kept = delivery.data?.sends === false;

  const again = async () => {
    setBusy(true);
    try {
      await sendVerificationAgain();
      setNote(kept ? ACCOUNT_TEXTS.verificationKept(email) : ACCOUNT_TEXTS.verificationSent(email));
    } catch (error) {
      setNote(error instanceof Error ? error.message : ACCOUNT_TEXTS.verificationSent(email));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-label={ACCOUNT_TEXTS.verifyBannerName}
      data-testid="verify-email-banner"
      className="mb-6 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0">
          {kept ? ACCOUNT_TEXTS.verifyBannerKept(email) : ACCOUNT_TEXTS.verifyBanner(email)}
        </p>
        <Button
          size="sm"
          variant="secondary"
          className="shrink-0"
          disabled={busy}
          onClick={() => void again()}
        >
          {ACCOUNT_TEXTS.sendAgain}
        </Button>
      </div>
      {note ? (
        <p role="status" className="mt-2 text-blue-900">
          {note}
        </p>
      ) : null}
    </section>
  );
}
