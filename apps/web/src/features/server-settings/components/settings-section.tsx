// One section of Server settings: its fields (a secret is only "set" or "not set"; a setting the server's
// environment gives is shown read-only, saying so), the addresses to paste into the provider's console, Save,
// Check, and for e-mail "Send a test". Each answer is said in plain words under the buttons.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PROVIDER_CONSOLES,
  SERVER_SETTINGS,
  SERVER_SETTINGS_TEXTS,
  type ServerSetting,
  type ServerSettingDefinition,
  type ServerSettingsCheck,
  type ServerSettingsResponse,
  type ServerSettingsSection,
} from '@keyturn/domain/schemas/serverSettings';
import { SIGN_IN_METHOD_TEXTS } from '@keyturn/domain/signInMethods';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { SwitchField } from '@/components/ui/switch-field';
import { SelectField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { LAUNCH_QUERY_KEY } from '@/lib/launch';
import { toast } from '@/lib/toast';
import {
  checkSection,
  saveServerSettings,
  sendTestMail,
  setUpBillingPlans,
  SERVER_SETTINGS_KEY,
} from '../api';

type Props = { section: ServerSettingsSection; body: ServerSettingsResponse };

/** The addresses of a section to register with its provider, and the console where that is done. */
function pasteOf(section: ServerSettingsSection, urls: ServerSettingsResponse['urls']) {
  switch (section) {
    case 'google':
      return { url: urls.googleRedirect, label: 'Google redirect URI', console: PROVIDER_CONSOLES.google };
    case 'microsoft':
      return {
        url: urls.microsoftRedirect,
        label: 'Microsoft redirect URI',
        console: PROVIDER_CONSOLES.microsoft,
      };
    case 'sms':
      return { url: urls.smsInbound, label: 'incoming messages address', console: PROVIDER_CONSOLES.sms };
    case 'billing':
      return { url: urls.stripeWebhook, label: 'Stripe webhook address', console: PROVIDER_CONSOLES.billing };
    default:
      return null;
  }
}

/** Issue 41: the same app signs agents in; its redirect address sits beside the calendar one. */
function SignInRedirect({ provider, url }: { provider: 'google' | 'microsoft'; url: string }) {
  const label = SIGN_IN_METHOD_TEXTS.redirectLabel(provider);
  return (
    <>
      <p className="text-sm text-slate-600">{SIGN_IN_METHOD_TEXTS.redirectIntro(provider)}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 rounded-md bg-slate-100 px-2 py-1 text-sm break-all text-slate-800">
          {url}
        </code>
        <CopyButton text={url} accessibleLabel={`Copy the ${label}`} />
      </div>
    </>
  );
}

const initialText = (s: ServerSetting | undefined) =>
  s?.source === 'stored' && s.value !== null ? s.value : '';

export function SettingsSection({ section, body }: Props) {
  const queryClient = useQueryClient();
  const definitions = SERVER_SETTINGS.filter((d) => d.section === section);
  const current = new Map(body.settings.map((s) => [s.key, s]));
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(definitions.map((d) => [d.key, initialText(current.get(d.key))])),
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<ServerSettingsCheck | null>(null);
  const title = SERVER_SETTINGS_TEXTS.sectionTitles[section];
  const headingId = `server-settings-${section}`;

  const save = useMutation({
    mutationFn: () => {
      const values: Record<string, string | null> = {};
      for (const d of definitions) {
        const setting = current.get(d.key);
        if (setting?.source === 'environment') continue;
        const text = texts[d.key] ?? '';
        // A secret left empty keeps what is stored; a plain field's text replaces it (empty removes it).
        if (d.secret) {
          if (text !== '') values[d.key] = text;
        } else if (text !== initialText(setting)) {
          values[d.key] = text === '' ? null : text;
        }
      }
      return saveServerSettings(values);
    },
    onSuccess: (saved) => {
      setFieldErrors({});
      queryClient.setQueryData(SERVER_SETTINGS_KEY, saved);
      // The public pages read the launch state (issue 40): the next one shows the mode just saved.
      void queryClient.invalidateQueries({ queryKey: LAUNCH_QUERY_KEY });
      // Secrets typed are sent once and then cleared: the page never holds them again.
      setTexts((t) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, isSecret(k) ? '' : v])));
      toast.success(SERVER_SETTINGS_TEXTS.saved);
      // Stripe's keys saved: the server set the plans up in Stripe and says how it went.
      if (saved.billingSetup) setResult({ success: true, ...saved.billingSetup });
    },
    onError: (error) => {
      if (error instanceof ApiError) setFieldErrors({ ...error.fields });
      toast.error(error.message);
    },
  });
  // A stored secret is removed on its own (its field stays empty, so Save cannot say "remove").
  const remove = useMutation({
    mutationFn: (key: string) => saveServerSettings({ [key]: null }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SERVER_SETTINGS_KEY, saved);
      toast.success(SERVER_SETTINGS_TEXTS.saved);
    },
    onError: (error) => toast.error(error.message),
  });
  const check = useMutation({ mutationFn: () => checkSection(section), onSuccess: setResult });
  const test = useMutation({ mutationFn: sendTestMail, onSuccess: setResult });
  const plans = useMutation({ mutationFn: setUpBillingPlans, onSuccess: setResult });
  const failed = check.error ?? test.error ?? plans.error;
  const paste = pasteOf(section, body.urls);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    save.mutate();
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{SERVER_SETTINGS_TEXTS.sectionIntros[section]}</p>
      {paste ? (
        <div className="mt-3 space-y-2">
          {section === 'sms' ? (
            <p className="text-sm text-slate-600">{SERVER_SETTINGS_TEXTS.smsInbound}</p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 rounded-md bg-slate-100 px-2 py-1 text-sm break-all text-slate-800">
              {paste.url}
            </code>
            <CopyButton text={paste.url} accessibleLabel={`Copy the ${paste.label}`} />
          </div>
          {section === 'google' || section === 'microsoft' ? (
            <SignInRedirect
              provider={section}
              url={section === 'google' ? body.urls.googleSignInRedirect : body.urls.microsoftSignInRedirect}
            />
          ) : null}
          <a
            href={paste.console}
            target="_blank"
            rel="noreferrer"
            className="inline-block text-sm font-medium text-blue-700 underline hover:text-blue-800"
          >
            {SERVER_SETTINGS_TEXTS.openConsole}
            <span className="sr-only"> ({title}, opens in a new tab)</span>
          </a>
        </div>
      ) : null}

      <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          {definitions.map((d) => (
            <SettingField
              key={d.key}
              definition={d}
              setting={current.get(d.key)}
              text={texts[d.key] ?? ''}
              error={fieldErrors[d.key]}
              onChange={(value) => setTexts((t) => ({ ...t, [d.key]: value }))}
              onRemove={() => remove.mutate(d.key)}
            />
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending} aria-label={`Save ${title}`}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          <Button variant="secondary" disabled={check.isPending} onClick={() => check.mutate()}>
            {check.isPending ? 'Checking…' : SERVER_SETTINGS_TEXTS.check}
          </Button>
          {section === 'billing' ? (
            <Button variant="secondary" disabled={plans.isPending} onClick={() => plans.mutate()}>
              {plans.isPending ? SERVER_SETTINGS_TEXTS.billingSettingUp : SERVER_SETTINGS_TEXTS.billingSetUp}
            </Button>
          ) : null}
          {section === 'mail' ? (
            <Button variant="secondary" disabled={test.isPending} onClick={() => test.mutate()}>
              {test.isPending ? 'Sending…' : SERVER_SETTINGS_TEXTS.sendTest}
            </Button>
          ) : null}
        </div>
        <p role="status" className="text-sm">
          {result ? (
            <span className={result.ok ? 'text-emerald-700' : 'text-red-700'}>
              {result.ok ? '✓ ' : '✗ '}
              {result.message}
            </span>
          ) : failed ? (
            <span className="text-red-700">{failed.message}</span>
          ) : null}
        </p>
      </form>
    </section>
  );
}

const isSecret = (key: string) => SERVER_SETTINGS.some((d) => d.key === key && d.secret);

function SettingField({
  definition,
  setting,
  text,
  error,
  onChange,
  onRemove,
}: {
  definition: ServerSettingDefinition;
  setting: ServerSetting | undefined;
  text: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onRemove: () => void;
}) {
  const fromEnvironment = setting?.source === 'environment';
  if (definition.kind === 'boolean') {
    const on = fromEnvironment ? setting.value === 'true' : text === 'true';
    return (
      <SwitchField
        className="sm:col-span-2"
        label={definition.label}
        description={fromEnvironment ? SERVER_SETTINGS_TEXTS.fromEnvironment : undefined}
        checked={on}
        disabled={fromEnvironment}
        onChange={(e) => onChange(e.target.checked ? 'true' : 'false')}
      />
    );
  }
  if (definition.kind === 'choice') {
    const choices = definition.choices ?? [];
    return (
      <SelectField
        className="sm:col-span-2"
        label={definition.label}
        value={(fromEnvironment ? setting.value : text) || choices[0]?.value}
        disabled={fromEnvironment}
        hint={fromEnvironment ? SERVER_SETTINGS_TEXTS.fromEnvironment : definition.hint}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
    );
  }
  if (fromEnvironment) {
    return (
      <TextField
        label={definition.label}
        value={setting.value ?? '••••••••'}
        readOnly
        disabled
        hint={SERVER_SETTINGS_TEXTS.fromEnvironment}
      />
    );
  }
  if (definition.secret) {
    const stored = setting?.source === 'stored';
    return (
      <div>
        <TextField
          label={definition.label}
          type="password"
          autoComplete="new-password"
          value={text}
          onChange={(e) => onChange(e.target.value)}
          placeholder={setting?.set ? '••••••••' : ''}
          hint={setting?.set ? SERVER_SETTINGS_TEXTS.secretSet : SERVER_SETTINGS_TEXTS.secretUnset}
          error={error}
        />
        {stored ? (
          <Button
            variant="ghost"
            size="sm"
            className="mt-1"
            aria-label={`Remove the stored ${definition.label.toLowerCase()}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <TextField
      label={definition.label}
      type={definition.kind === 'number' ? 'number' : definition.kind === 'email' ? 'email' : 'text'}
      inputMode={definition.kind === 'url' ? 'url' : undefined}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      placeholder={setting?.source === 'default' ? (setting.value ?? '') : ''}
      hint={definition.hint}
      error={error}
    />
  );
}
