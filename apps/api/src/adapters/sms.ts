// Text messages out through a Twilio-compatible REST API: POST {SMS_PROVIDER_URL}/2010-04-01/Accounts/{sid}/
// Messages.json, form-encoded To/From/Body, HTTP basic auth (sid:token). Without an account configured, each
// text is kept in the outbox (adapters/outbox.ts) instead, like the e-mail file mode. The provider's address
// is called through the outbound guard (http/outbound-url.ts) like every other call the server makes: a
// loopback or private address is refused (unless private hosts are allowed) before the account's token is sent.
import { OutboundUrlRefused, outboundFetch, type OutboundPolicy } from '../http/outbound-url';
import { SendError } from './errors';
import { mustKeepOnServer } from './kept-on-server';
import type { Outbox } from './outbox';

export type OutgoingSms = { to: string; body: string; fileStem: string };
export type SmsReceipt = { transport: 'sms' | 'sms-file'; providerRef: string; fileName: string | null };

export interface SmsSender {
  readonly transport: 'sms' | 'sms-file';
  send(sms: OutgoingSms): Promise<SmsReceipt>;
}

export type SmsOptions = {
  providerUrl: string;
  accountSid: string | undefined;
  authToken: string | undefined;
  from: string | undefined;
  outbox: Outbox;
  /** The outbound guard's policy (ALLOW_PRIVATE_OUTBOUND_HOSTS) the provider's address is checked with. */
  outbound: OutboundPolicy;
};

/** Twilio: "Attempt to send to unsubscribed recipient" (the number replied STOP). */
const TWILIO_UNSUBSCRIBED = 21610;
const REQUEST_TIMEOUT_MS = 15_000;

export function createSmsSender(options: SmsOptions): SmsSender {
  const { accountSid, authToken, from } = options;
  const file = fileSender(options.outbox);
  if (!(accountSid && authToken && from)) return file;
  const provider = twilioSender(
    options.providerUrl,
    { sid: accountSid, token: authToken, from },
    options.outbound,
  );
  // A text that must stay on the server (adapters/kept-on-server.ts) is written to the outbox.
  return {
    transport: 'sms',
    send: (sms) => (mustKeepOnServer() ? file.send(sms) : provider.send(sms)),
  };
}

/**
 * A sender that reads the provider account at each text (Server settings, decision 048): a saved change
 * applies to the next text without a restart.
 */
export function createResolvingSmsSender(options: {
  settings: () => Promise<Omit<SmsOptions, 'outbox' | 'outbound'>>;
  outbox: Outbox;
  outbound: OutboundPolicy;
}): SmsSender {
  let last: SmsSender['transport'] = 'sms-file';
  return {
    get transport() {
      return last;
    },
    send: async (sms) => {
      const sender = createSmsSender({
        ...(await options.settings()),
        outbox: options.outbox,
        outbound: options.outbound,
      });
      last = sender.transport;
      return sender.send(sms);
    },
  };
}

export function smsMessagesUrl(providerUrl: string, accountSid: string): string {
  return `${providerUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
}

type SmsAccount = { sid: string; token: string; from: string };

function twilioSender(providerUrl: string, account: SmsAccount, outbound: OutboundPolicy): SmsSender {
  const { sid, token, from } = account;
  const url = smsMessagesUrl(providerUrl, sid);
  const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  return {
    transport: 'sms',
    send: async (sms) => {
      let res: Response;
      try {
        res = await outboundFetch(
          url,
          {
            method: 'POST',
            headers: {
              authorization,
              'content-type': 'application/x-www-form-urlencoded',
              accept: 'application/json',
            },
            body: new URLSearchParams({ To: sms.to, From: from, Body: sms.body }).toString(),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          },
          { ...outbound, maxRedirects: 0 },
        );
      } catch (err) {
        // The operator's address is refused by the guard: no retry sends it anywhere else.
        if (err instanceof OutboundUrlRefused)
          throw new SendError(`SMS provider address refused: ${err.reason}`, true);
        throw new SendError(`SMS provider unreachable: ${(err as Error).message}`, false);
      }
      const text = await res.text().catch(() => '');
      const body = parseJson(text);
      if (res.ok) {
        const ref = typeof body?.sid === 'string' ? body.sid : `HTTP ${res.status}`;
        return { transport: 'sms', providerRef: ref, fileName: null };
      }
      const code = typeof body?.code === 'number' ? body.code : undefined;
      const message = typeof body?.message === 'string' ? body.message : text.slice(0, 200);
      const detail = `SMS provider answered ${res.status}${code ? ` (code ${code})` : ''}: ${message}`;
      // 429 and 5xx are the provider's trouble and pass; any other 4xx is about this message and will not.
      const temporary = res.status === 429 || res.status >= 500;
      throw new SendError(detail, !temporary, code === TWILIO_UNSUBSCRIBED);
    },
  };
}

function fileSender(outbox: Outbox): SmsSender {
  return {
    transport: 'sms-file',
    send: async (sms) => {
      const fileName = `${sms.fileStem}.txt`;
      await outbox.put(fileName, 'sms', Buffer.from(`To: ${sms.to}\n\n${sms.body}\n`));
      return { transport: 'sms-file', providerRef: fileName, fileName };
    },
  };
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
