// The public pages' main call to action (issue 40, decision 069): before launch "Join Waiting List" (the
// specification's button), once the server is launched the free trial (sign-up first for a visitor).
import { LAUNCH_TEXTS } from '@keyturn/domain/launch';
import { ButtonLink } from '@/components/ui/button';
import { useLaunched, useTrialPath } from '@/lib/launch';

export function JoinButton({
  size,
  variant,
  launchedLabel = LAUNCH_TEXTS.startTrial,
}: {
  size?: 'sm' | 'md' | 'lg';
  variant?: 'primary' | 'secondary';
  /** The button's words once launched. */
  launchedLabel?: string;
}) {
  const launched = useLaunched();
  const trial = useTrialPath();
  return (
    <ButtonLink to={launched ? trial : '/waiting-list'} size={size} variant={variant}>
      {launched ? launchedLabel : 'Join Waiting List'}
    </ButtonLink>
  );
}
