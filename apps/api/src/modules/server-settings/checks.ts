// Each section's "Check" (decision 048): one call to the service with the settings in force, answered in plain
// words — what worked, or what went wrong and what to look at. Never a stack trace, never a variable name.
import { SERVER_SETTINGS_TEXTS, type ServerSettingsSection } from '@keyturn/domain/schemas/serverSettings';
import { verifySmtp } from '../../adapters/mail';
import { mapsUserAgent } from '../../config';
import { OutboundUrlRefused, outboundFetch, type OutboundPolicy } from '../../http/outbound-url';
import type { BillingConfig } from '../../adapters/billing';
import { setUpPlans } from '../billing/setup';
import { resoSettingsFrom, smtpOf, type ResolvedSetting } from '../core/settings-store';
import { BackupError, pgTool, serverMajor } from '../backups/backup';
import { isLaunched, launchModeOf } from '../launch/service';

export type CheckResult = { ok: boolean; message: string };
export type CheckDeps = {
  settings: Map<string, ResolvedSetting>;
  smtpUrl: string | null;
  publicUrl: string;
  /**
   * The outbound guard's policy (ALLOW_PRIVATE_OUTBOUND_HOSTS): the AI provider's and the MLS's addresses are
   * called through it, as their adapters call them, so a check cannot reach the server's own network.
   */
  outbound: OutboundPolicy;
  /** Billing in force (the environment winning): with both keys, the Check sets the plans up in Stripe too. */
  billing?: () => Promise<BillingConfig>;
  timeoutMs?: number;
  /** The database this server uses (its address): the backups' check asks it for its version. */
  databaseUrl?: string;
};

const v = (deps: CheckDeps, key: string) => deps.settings.get(key)?.value ?? null;
const ok = (message: string): CheckResult => ({ ok: true, message });
const fail = (message: string): CheckResult => ({ ok: false, message });

export async function runCheck(section: ServerSettingsSection, deps: CheckDeps): Promise<CheckResult> {
  switch (section) {
    case 'mail':
      return checkMail(deps);
    case 'sms':
      return checkSms(deps);
    case 'google':
    case 'microsoft':
      return checkOAuthApp(section, deps);
    case 'maps':
      return checkMaps(deps);
    case 'billing':
      return checkStripe(deps);
    case 'ai':
      return checkAi(deps);
    case 'mls':
      return checkMls(deps);
    case 'backups':
      return checkBackups(deps);
    case 'launch':
      return checkLaunch(deps);
  }
}

/** What the public site shows now, and why (issue 40: the mode, and for automatic whether billing is set). */
async function checkLaunch(deps: CheckDeps): Promise<CheckResult> {
  const stored = v(deps, 'SITE_LAUNCH');
  const billing = deps.billing ? (await deps.billing()).configured : false;
  const mode = launchModeOf(stored);
  const state = isLaunched(stored, billing)
    ? 'The public site is launched: it leads visitors to sign-up and the free trial, and the waiting list is closed'
    : 'The public site is before launch: it shows the waiting list and the launch date';
  const why =
    mode === 'automatic'
      ? billing
        ? ' (automatic: billing is set up).'
        : ' (automatic: it launches once billing is set up).'
      : ' (chosen here).';
  return ok(`${state}${why}`);
}

/** Whether a backup can be written here: a pg_dump at least as new as the database server. */
async function checkBackups(deps: CheckDeps): Promise<CheckResult> {
  if (!deps.databaseUrl) return fail('The database address is not known to this check.');
  try {
    const major = await serverMajor(deps.databaseUrl);
    const tool = await pgTool('pg_dump', major);
    return ok(`Backups can be written: pg_dump ${tool.major} for this PostgreSQL ${major} server.`);
  } catch (err) {
    return fail(err instanceof BackupError ? err.message : `The database could not be asked: ${String(err)}`);
  }
}

async function checkMail(deps: CheckDeps): Promise<CheckResult> {
  const smtp = smtpOf(deps.settings, deps.smtpUrl);
  if (!smtp) {
    return fail('No SMTP server is set: e-mails are kept in Settings → Messages instead of being sent.');
  }
  const host = typeof smtp === 'string' ? new URL(smtp).hostname : smtp.host;
  try {
    await verifySmtp(smtp);
    return ok(`Connected to ${host}${typeof smtp !== 'string' && smtp.auth ? ' and signed in' : ''}.`);
  } catch (err) {
    return fail(smtpProblem(host, err));
  }
}

/** nodemailer's errors, told in plain words. */
export function smtpProblem(host: string, err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  if (/ECONNREFUSED/.test(text))
    return `Nothing answered at ${host} on that port: check the server and port.`;
  if (/ENOTFOUND|EAI_AGAIN/.test(text))
    return `The address ${host} could not be found: check the server name.`;
  if (/ETIMEDOUT|timeout/i.test(text))
    return `${host} did not answer in time: check the server, port and SSL.`;
  if (/SMTP 535|EAUTH|Invalid login|authentication/i.test(text)) {
    return `${host} refused the user name or password.`;
  }
  if (/wrong version number|ssl|tls|certificate/i.test(text)) {
    return `The secure connection to ${host} failed: try switching "Connect with SSL/TLS from the start".`;
  }
  return `${host} refused the connection: ${text.replace(/^[A-Z_]+: /, '')}`;
}

/**
 * An HTTP call of a check: the answer's status and JSON, or a plain-words reason it failed. With `guard`, the
 * call goes through the outbound guard (no redirect followed): a private or local address is refused before
 * anything — a key, a client secret — is sent.
 */
async function call(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  guard?: OutboundPolicy,
): Promise<{ status: number; body: unknown } | { problem: string }> {
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    return { problem: `${url} is not a web address.` };
  }
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    const res = guard
      ? await outboundFetch(url, { ...init, signal }, { ...guard, maxRedirects: 0 })
      : await fetch(url, { ...init, signal, redirect: 'manual' });
    const body: unknown = await res.json().catch(() => null);
    return { status: res.status, body };
  } catch (err) {
    if (err instanceof OutboundUrlRefused) return { problem: SERVER_SETTINGS_TEXTS.privateAddress(host) };
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? '';
    if ((err as Error).name === 'TimeoutError') return { problem: `${host} did not answer in time.` };
    if (cause === 'ECONNREFUSED') return { problem: `Nothing answered at ${host}.` };
    if (cause === 'ENOTFOUND' || cause === 'EAI_AGAIN')
      return { problem: `The address ${host} could not be found.` };
    return { problem: `${host} could not be reached.` };
  }
}

async function checkSms(deps: CheckDeps): Promise<CheckResult> {
  const sid = v(deps, 'SMS_ACCOUNT_SID');
  const token = v(deps, 'SMS_AUTH_TOKEN');
  const base = (v(deps, 'SMS_PROVIDER_URL') ?? '').replace(/\/$/, '');
  if (!sid || !token)
    return fail('Enter the account SID and auth token first: texts are not sent without them.');
  const answer = await call(
    `${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}.json`,
    { headers: { authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}` } },
    deps.timeoutMs ?? 10_000,
    deps.outbound,
  );
  if ('problem' in answer) return fail(answer.problem);
  if (answer.status === 401 || answer.status === 403 || answer.status === 404) {
    return fail('The provider refused the account SID or auth token.');
  }
  if (answer.status !== 200) return fail(`The provider answered with an error (${answer.status}).`);
  return ok(
    v(deps, 'SMS_FROM')
      ? 'The provider accepted the account.'
      : 'The provider accepted the account; add the sending number.',
  );
}

function checkOAuthApp(provider: 'google' | 'microsoft', deps: CheckDeps): CheckResult {
  const prefix = provider === 'google' ? 'GOOGLE' : 'MICROSOFT';
  const name = provider === 'google' ? 'Google' : 'Microsoft';
  const id = v(deps, `${prefix}_CLIENT_ID`);
  const secret = v(deps, `${prefix}_CLIENT_SECRET`);
  if (!id || !secret) return fail(`Enter the app's client ID and secret from ${name}'s console.`);
  const site = new URL(deps.publicUrl);
  const local = site.hostname === 'localhost' || site.hostname === '127.0.0.1';
  if (site.protocol !== 'https:' && !local) {
    return fail(
      `${name} accepts redirect addresses on https only: serve this Keyturn server over https first.`,
    );
  }
  if (provider === 'google' && !/\.apps\.googleusercontent\.com$/.test(id)) {
    return fail(
      'A Google client ID ends in .apps.googleusercontent.com: check that you copied the whole ID.',
    );
  }
  if (provider === 'microsoft' && !/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(id)) {
    return fail(
      'A Microsoft application (client) ID looks like 00000000-0000-0000-0000-000000000000: check it.',
    );
  }
  return ok(
    `The ${name} app is set. Agents can connect once the redirect address above is registered with it.`,
  );
}

async function checkMaps(deps: CheckDeps): Promise<CheckResult> {
  const geocoder = v(deps, 'GEOCODER_URL');
  if (!geocoder) return fail('No address search is set: pins are placed by hand until one is.');
  if (geocoder === 'off') return fail('Address search is switched off: pins are placed by hand.');
  const contact = v(deps, 'GEOCODER_EMAIL');
  const search = new URL(`${geocoder.replace(/\/$/, '')}/search`);
  search.search = new URLSearchParams({
    q: 'Congress Avenue, Austin',
    format: 'jsonv2',
    limit: '1',
  }).toString();
  const answer = await call(
    search.toString(),
    // The User-Agent the address search itself sends (Nominatim's usage policy: the server and its contact).
    { headers: { 'user-agent': mapsUserAgent(deps.publicUrl, contact) } },
    deps.timeoutMs ?? 10_000,
  );
  if ('problem' in answer) return fail(answer.problem);
  if (answer.status !== 200) return fail(`The address search answered with an error (${answer.status}).`);
  if (!Array.isArray(answer.body)) return fail('The address search answered, but not with a list of places.');
  return ok(
    answer.body.length > 0
      ? 'The address search found a test address.'
      : 'The address search answered, but found nothing for a test address.',
  );
}

async function checkStripe(deps: CheckDeps): Promise<CheckResult> {
  const key = v(deps, 'STRIPE_SECRET_KEY');
  if (!key) return fail('Enter the Stripe secret key first.');
  const base = (v(deps, 'STRIPE_API_URL') ?? 'https://api.stripe.com').replace(/\/$/, '');
  const answer = await call(
    `${base}/v1/balance`,
    { headers: { authorization: `Bearer ${key}` } },
    deps.timeoutMs ?? 10_000,
  );
  if ('problem' in answer) return fail(answer.problem);
  if (answer.status === 401) return fail('Stripe refused the secret key.');
  if (answer.status !== 200) return fail(`Stripe answered with an error (${answer.status}).`);
  const live = (answer.body as { livemode?: boolean } | null)?.livemode === true;
  const accepted = `Stripe accepted the key (${live ? 'live' : 'test'} mode).`;
  if (!v(deps, 'STRIPE_WEBHOOK_SECRET')) return ok(`${accepted} Add the webhook signing secret too.`);
  // Both keys: the plans are set up (or found) in Stripe now, so "accepted" means agents can buy them.
  const billing = deps.billing ? await deps.billing() : null;
  if (!billing?.configured) return ok(accepted);
  const plans = await setUpPlans(billing);
  return { ok: plans.ok, message: `${accepted} ${plans.message}` };
}

async function checkAi(deps: CheckDeps): Promise<CheckResult> {
  const base = v(deps, 'AI_BASE_URL');
  if (!base) return fail('No AI provider is set: the assistant uses its built-in understanding.');
  const key = v(deps, 'AI_API_KEY') ?? 'none';
  const answer = await call(
    `${base.replace(/\/$/, '')}/models`,
    { headers: { authorization: `Bearer ${key}` } },
    deps.timeoutMs ?? 10_000,
    deps.outbound,
  );
  if ('problem' in answer) return fail(answer.problem);
  if (answer.status === 401 || answer.status === 403) return fail('The AI provider refused the API key.');
  if (answer.status !== 200) return fail(`The AI provider answered with an error (${answer.status}).`);
  const model = v(deps, 'AI_MODEL');
  const models = ((answer.body as { data?: { id?: string }[] } | null)?.data ?? []).map((m) => m.id);
  if (model && models.length > 0 && !models.includes(model)) {
    return fail(`The AI provider answered, but it does not offer the model "${model}".`);
  }
  return ok('The AI provider answered and accepted the key.');
}

/** The MLS's token endpoint signs the client in (client credentials); the listings are not read. */
async function checkMls(deps: CheckDeps): Promise<CheckResult> {
  const reso = resoSettingsFrom(deps.settings);
  if (!reso) return fail('Enter the four MLS values first: agents cannot import from the MLS without them.');
  const answer = await call(
    reso.tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: reso.clientId,
        client_secret: reso.clientSecret,
      }).toString(),
    },
    deps.timeoutMs ?? 10_000,
    deps.outbound,
  );
  if ('problem' in answer) return fail(answer.problem);
  if (answer.status === 400 || answer.status === 401) return fail('The MLS refused the client ID or secret.');
  const token = (answer.body as { access_token?: unknown } | null)?.access_token;
  if (answer.status !== 200 || typeof token !== 'string') {
    return fail(`The MLS's token address answered with an error (${answer.status}).`);
  }
  return ok('The MLS signed the client in.');
}
