// Issue 41: until the account's address is verified, every dashboard page carries a calm banner saying so,
// with "Send again" (the server allows one new link a minute and says how long to wait).
import { useState } from 'react';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth';
import { sendVerificationAgain } from '@/lib/account-security';

export function VerifyEmailBanner() {
  const session = useSession();
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (session.status !== 'signed-in' || session.user.emailVerified !== false) return null;
  const { email } = session.user;

  const again = async () => {
    setBusy(true);
    try {
      await sendVerificationAgain();
      setNote(ACCOUNT_TEXTS.verificationSent(email));
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
        <p className="min-w-0">{ACCOUNT_TEXTS.verifyBanner(email)}</p>
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
