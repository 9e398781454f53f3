// Settings → Team → Single sign-on (issue 41, decision 070), for the team's owners: the OpenID Connect issuer,
// client id, client secret (write-only: shown as saved or not, never read back) and the team's e-mail domain;
// the redirect address to register at the provider; "Check" reads the issuer's discovery document and says what
// it found. Removing SSO keeps every member.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { TEAM_SSO_TEXTS, teamSsoInputSchema, type TeamSsoSettings } from '@keyturn/domain/teamSso';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { firstIssuePerField } from '@/lib/form-errors';
import { checkIssuer, useRemoveTeamSso, useSaveTeamSso, useTeamSso } from '@/lib/team-sso';
import { toast } from '@/lib/toast';
import { teamCard as card } from './team-parts';

export function TeamSsoSection() {
  const sso = useTeamSso();
  return (
    <section aria-labelledby="team-sso-title" className={`space-y-4 ${card}`}>
      <div>
        <h3 id="team-sso-title" className="text-base font-semibold text-slate-900">
          {TEAM_SSO_TEXTS.title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{TEAM_SSO_TEXTS.intro}</p>
      </div>
      {sso.isPending ? <Spinner label={TEAM_SSO_TEXTS.title} /> : null}
      {sso.isError ? <ErrorAlert>{sso.error.message}</ErrorAlert> : null}
      {sso.data ? <TeamSsoForm settings={sso.data} /> : null}
    </section>
  );
}

export function TeamSsoForm({ settings }: { settings: TeamSsoSettings }) {
  const save = useSaveTeamSso();
  const remove = useRemoveTeamSso();
  const [issuer, setIssuer] = useState(settings.issuer ?? '');
  const [clientId, setClientId] = useState(settings.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [domain, setDomain] = useState(settings.email_domain ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [found, setFound] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const refused = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
    else setFailure(error instanceof Error ? error.message : String(error));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = teamSsoInputSchema.safeParse({
      issuer,
      client_id: clientId,
      ...(secret ? { client_secret: secret } : {}),
      email_domain: domain,
    });
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      setSecret('');
      toast.success(TEAM_SSO_TEXTS.saved);
    } catch (error) {
      refused(error);
    }
  };

  const check = async () => {
    setFound(null);
    setFailure(null);
    setErrors({});
    setChecking(true);
    try {
      setFound((await checkIssuer(issuer.trim())).message);
    } catch (error) {
      refused(error);
    } finally {
      setChecking(false);
    }
  };

  const off = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(undefined);
      setSecret('');
      toast.success(TEAM_SSO_TEXTS.removed);
    } catch (error) {
      refused(error);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <div>
        <p className="text-sm font-medium text-slate-700">{TEAM_SSO_TEXTS.redirectLabel}</p>
        <code className="mt-1 block rounded bg-slate-100 px-2 py-1 text-sm break-all text-slate-800">
          {settings.redirect_uri}
        </code>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <TextField
            label={TEAM_SSO_TEXTS.issuerLabel}
            hint={TEAM_SSO_TEXTS.issuerHint}
            value={issuer}
            onChange={(e) => setIssuer(e.target.value)}
            error={errors.issuer}
            inputMode="url"
          />
        </div>
        <Button type="button" variant="secondary" disabled={checking} onClick={() => void check()}>
          {checking ? TEAM_SSO_TEXTS.checking : TEAM_SSO_TEXTS.check}
        </Button>
      </div>
      {found ? (
        <p role="status" className="text-sm text-emerald-700">
          {found}
        </p>
      ) : null}
      <TextField
        label={TEAM_SSO_TEXTS.clientIdLabel}
        value={clientId}
        onChange={(e) => setClientId(e.target.value)}
        error={errors.client_id}
      />
      <TextField
        label={TEAM_SSO_TEXTS.clientSecretLabel}
        type="password"
        autoComplete="off"
        hint={settings.client_secret_set ? TEAM_SSO_TEXTS.secretSet : TEAM_SSO_TEXTS.secretNotSet}
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        error={errors.client_secret}
      />
      <TextField
        label={TEAM_SSO_TEXTS.domainLabel}
        hint={TEAM_SSO_TEXTS.domainHint}
        value={domain}
        onChange={(e) => setDomain(e.target.value)}
        error={errors.email_domain}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {TEAM_SSO_TEXTS.save}
        </Button>
        {settings.configured ? (
          <Button type="button" variant="secondary" disabled={remove.isPending} onClick={() => void off()}>
            {TEAM_SSO_TEXTS.remove}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
