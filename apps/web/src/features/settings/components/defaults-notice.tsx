import { toast } from '@/lib/toast';
import type { SettingsArea } from '@keyturn/domain/schemas/agentSettings';
import { Button } from '@/components/ui/button';
import { useAcknowledgeDefaults } from '../hooks/use-settings';

const names: Record<SettingsArea, string> = {
  branding: 'your branding',
  notifications: 'notifications',
  feedback: 'feedback requests',
  assistant: 'the booking assistant',
  scheduling: 'scheduling preferences',
};

/** Shown while the agent has not acknowledged the defaults of an area; "Got it" says they have. */
export function DefaultsNotice({ area }: { area: SettingsArea }) {
  const acknowledge = useAcknowledgeDefaults(area);
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>We set sensible defaults for {names[area]} — review them.</p>
      <Button
        variant="secondary"
        size="sm"
        disabled={acknowledge.isPending}
        onClick={() =>
          acknowledge.mutate(undefined, {
            onError: (error) => toast.error(error.message),
          })
        }
      >
        Got it
      </Button>
    </div>
  );
}
