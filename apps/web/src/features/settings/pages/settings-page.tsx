import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from '@/lib/router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import type { TabItem } from '@/components/ui/tabs';
import { useAgentProfile } from '@/lib/agent-profile';
import { useCalendarIntegrations } from '@/lib/calendar-integrations';
import { useSentMessages } from '@/lib/sent-messages';
import { timeZoneLabel } from '@keyturn/domain/time';
import { AccountSection } from '../components/account-section';
import { AvailabilityEditor } from '../components/availability-editor';
import { ChangeCutoffSetting } from '../components/change-cutoff-setting';
import { DailyCapSetting } from '../components/daily-cap-setting';
import { HoldMinutesSetting } from '../components/hold-minutes-setting';
import { BrandingForm } from '../components/branding-form';
import { DefaultsNotice } from '../components/defaults-notice';
import { AssistantSettingsSection, LearnedPreferencesSection } from '../components/assistant-settings';
import { FeedbackSettingsForm } from '../components/feedback-settings-form';
import { isMessageStatus } from '../components/message-parts';
import { NotificationsForm } from '../components/notifications-form';
import { OwnTextsSetting } from '../components/own-texts-setting';
import { PushSettings } from '../components/push-settings';
import { WebhooksSection } from '../components/webhooks-section';
import { FileModeNotice, MessageFilter, SentMessageList } from '../components/sent-messages';
import {
  useAvailability,
  useBranding,
  useFeedbackSettings,
  useNotificationSettings,
} from '../hooks/use-settings';

const CalendarSettings = lazy(() =>
  import('../components/calendar-settings').then((m) => ({ default: m.CalendarSettings })),
);

const TeamSection = lazy(() =>
  import('../components/team-section').then((m) => ({ default: m.TeamSection })),
);

// The embed snippets and preview (issue 34): their own chunk, with the tab.
const EmbedPanel = lazy(() => import('../components/embed-panel').then((m) => ({ default: m.EmbedPanel })));

const TABS = [
  { value: 'availability', label: 'Availability' },
  { value: 'branding', label: 'Branding' },
  { value: 'embed', label: 'Embed' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'messages', label: 'Messages' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'calendars', label: 'Calendars' },
  { value: 'webhooks', label: 'Webhooks' },
  { value: 'team', label: 'Team' },
  { value: 'account', label: 'Account' },
] as const satisfies readonly TabItem<string>[];
type Tab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is Tab {
  return TABS.some((tab) => tab.value === value);
}

/**
 * Settings (spec §2.2): the tab is in the query string (?tab=branding), so links can open one directly; the
 * Messages tab keeps its filter there too (?tab=messages&status=failed). Changing tab drops the filter.
 */
export function SettingsPage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'availability';

  return (
    <>
      <title>Settings · Keyturn</title>
      <PageHeader
        title="Settings"
        description="Your hours, your brand, and what Keyturn sends on your behalf."
      />
      <div className="mt-6">
        <Tabs
          label="Settings"
          items={TABS}
          value={tab}
          onChange={(next) => setSearch({ tab: next }, { replace: true })}
        >
          {tab === 'availability' ? <AvailabilityTab /> : null}
          {tab === 'branding' ? <BrandingTab /> : null}
          {tab === 'embed' ? <EmbedTab /> : null}
          {tab === 'notifications' ? <NotificationsTab /> : null}
          {tab === 'messages' ? <MessagesTab /> : null}
          {tab === 'feedback' ? <FeedbackTab /> : null}
          {tab === 'calendars' ? <CalendarsTab /> : null}
          {tab === 'webhooks' ? <WebhooksSection /> : null}
          {tab === 'team' ? (
            <Suspense fallback={<Spinner label="Loading" />}>
              <TeamSection />
            </Suspense>
          ) : null}
          {tab === 'account' ? <AccountTab /> : null}
        </Tabs>
      </div>
    </>
  );
}

function AvailabilityTab() {
  const availability = useAvailability();
  return (
    <div className="space-y-6">
      <Loaded query={availability}>{(data) => <AvailabilityEditor availability={data} />}</Loaded>
      <ChangeCutoffSetting />
      <DailyCapSetting />
      <HoldMinutesSetting />
      <AssistantSettingsSection />
      <LearnedPreferencesSection />
    </div>
  );
}

function BrandingTab() {
  const branding = useBranding();
  const agent = useAgentProfile();
  const agentName = agent.data ? `${agent.data.first_name} ${agent.data.last_name}`.trim() : '';
  return (
    <Loaded query={branding}>
      {(body) => (
        <div className="space-y-6">
          {body.acknowledged === false ? <DefaultsNotice area="branding" /> : null}
          <BrandingForm branding={body.data} agentName={agentName || 'Your name'} />
        </div>
      )}
    </Loaded>
  );
}

/** Settings → Embed: the snippets for the agent's own website, in their brand colour. */
function EmbedTab() {
  const agent = useAgentProfile();
  return (
    <Loaded query={agent}>
      {(profile) =>
        profile ? (
          <Suspense fallback={<Spinner />}>
            <EmbedPanel agentId={profile.id} color={profile.primaryColor} />
          </Suspense>
        ) : null
      }
    </Loaded>
  );
}

function NotificationsTab() {
  const settings = useNotificationSettings();
  return (
    <Loaded query={settings}>
      {(body) => (
        <div className="space-y-6">
          {body.acknowledged ? null : <DefaultsNotice area="notifications" />}
          <NotificationsForm settings={body.data} />
          <OwnTextsSetting />
          <PushSettings />
        </div>
      )}
    </Loaded>
  );
}

/** Settings → Messages: the "Sent messages" list, its status filter in the URL. */
function MessagesTab() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('status');
  const status = isMessageStatus(requested) ? requested : undefined;
  const messages = useSentMessages(status);
  const agent = useAgentProfile();
  const timeZone = agent.data?.timeZone;
  const setStatus = (next: string | undefined) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set('status', next);
        else params.delete('status');
        return params;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby="sent-messages-heading" className="space-y-4">
      <div>
        <div className="flex items-center justify-between gap-3">
          <h2 id="sent-messages-heading" className="text-lg font-semibold text-slate-900">
            Sent messages
          </h2>
          <Button
            variant="secondary"
            size="sm"
            disabled={messages.isFetching}
            onClick={() => void messages.refetch()}
          >
            {messages.isFetching && !messages.isPending ? 'Refreshing…' : 'Refresh'}
          </Button>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Every e-mail and text Keyturn sent for your bookings, newest first.
          {timeZone ? ` Times are in ${timeZoneLabel(timeZone)}.` : ''}
        </p>
      </div>
      <MessageFilter value={status} onChange={setStatus} />
      <Loaded query={messages} failure="We could not load your messages.">
        {(body) => (
          <div
            className={`space-y-4 transition-opacity ${messages.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={messages.isPlaceholderData}
          >
            <FileModeNotice messages={body.data} />
            <SentMessageList
              messages={body.data}
              status={status}
              timeZone={timeZone}
              onShowAll={() => setStatus(undefined)}
            />
          </div>
        )}
      </Loaded>
    </section>
  );
}

function FeedbackTab() {
  const settings = useFeedbackSettings();
  return (
    <Loaded query={settings}>
      {(body) => (
        <div className="space-y-6">
          {body.acknowledged ? null : <DefaultsNotice area="feedback" />}
          <FeedbackSettingsForm settings={body.data} />
        </div>
      )}
    </Loaded>
  );
}

/** Settings → Calendars (issue 14); its component loads with the tab. */
function CalendarsTab() {
  const integrations = useCalendarIntegrations();
  return (
    <Loaded query={integrations} failure="We could not load your calendars.">
      {(body) => (
        <Suspense fallback={<Spinner />}>
          <CalendarSettings body={body} />
        </Suspense>
      )}
    </Loaded>
  );
}

function AccountTab() {
  const agent = useAgentProfile();
  return (
    <Loaded query={agent}>{(profile) => (profile ? <AccountSection profile={profile} /> : null)}</Loaded>
  );
}

/** A tab's content once its data is there; a spinner before, the failure with "Try again" instead. */
function Loaded<T>({
  query,
  children,
  failure = 'We could not load these settings.',
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** The first sentence of the failure message. */
  failure?: string;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-3">
        <ErrorAlert>
          {failure} {query.error.message}
        </ErrorAlert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
