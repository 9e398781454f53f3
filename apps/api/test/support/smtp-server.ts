// A real SMTP server on 127.0.0.1 (the smtp-server package) that records every message it ACCEPTS: a message
// counts as delivered only when the server answers 250 to its DATA, as in real SMTP. Tests can slow the
// answer down or hold it (the client then dies mid-send: the message is dropped, like a real server would).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
  messageId: string;
  subject: string;
  receivedAt: number;
};

export type TestSmtpServer = {
  url: string;
  mails: ReceivedMail[];
  /** Messages whose client went away before we accepted them. */
  dropped: number;
  /** Milliseconds to wait before accepting each message. */
  setDelay: (ms: number) => void;
  /** While held, messages are read but not answered; `onHeld` fires for each. */
  hold: (onHeld?: () => void) => void;
  release: () => void;
  waitFor: (predicate: (mails: ReceivedMail[]) => boolean, timeoutMs?: number) => Promise<ReceivedMail[]>;
  to: (address: string) => ReceivedMail[];
  close: () => Promise<void>;
};

/**
 * `setAside`: subjects of messages accepted like any other but kept out of `mails` (in `setAsideMails`) — the
 * notification tests' server sets the account mail aside (every sign-up's verification link, issue 41), which
 * account-security.test.ts reads on a server of its own.
 */
export async function startSmtpServer(
  options: { setAside?: readonly string[] } = {},
): Promise<TestSmtpServer & { setAsideMails: ReceivedMail[] }> {
  const mails: ReceivedMail[] = [];
  const setAsideMails: ReceivedMail[] = [];
  const closed = new Set<string>();
  let delayMs = 0;
  let held: { onHeld?: (() => void) | undefined; waiters: (() => void)[] } | null = null;
  const state = { dropped: 0 };

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void (async () => {
          if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
          // While held, nothing is accepted: a message is delivered only by the 250 answer below.
          for (let gate = held; gate; gate = held) {
            const current = gate;
            current.onHeld?.();
            await new Promise<void>((resolve) => current.waiters.push(resolve));
          }
          if (closed.has(session.id)) {
            state.dropped += 1;
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const parsed = await simpleParser(raw);
          const kept = options.setAside?.includes(parsed.subject ?? '') ? setAsideMails : mails;
          kept.push({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            raw,
            parsed,
            messageId: parsed.messageId ?? '',
            subject: parsed.subject ?? '',
            receivedAt: Date.now(),
          });
          callback();
        })();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  const api: TestSmtpServer & { setAsideMails: ReceivedMail[] } = {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    setAsideMails,
    get dropped() {
      return state.dropped;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    hold: (onHeld) => {
      held = { onHeld, waiters: [] };
    },
    release: () => {
      const waiters = held?.waiters ?? [];
      held = null;
      for (const w of waiters) w();
    },
    waitFor: async (predicate, timeoutMs = 20_000) => {
      const until = Date.now() + timeoutMs;
      while (!predicate(mails)) {
        if (Date.now() > until) {
          throw new Error(
            `SMTP wait timed out with ${mails.length} mails: ${mails.map((m) => `${m.envelopeTo.join(',')} ${m.subject}`).join(' | ')}`,
          );
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return mails;
    },
    to: (address) => mails.filter((m) => m.envelopeTo.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}
