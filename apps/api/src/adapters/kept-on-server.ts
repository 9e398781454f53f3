// Sends that must not leave the server (the demo account's, decision 064): inside `keptOnServer(fn)`, every
// mailer and text sender made by mail.ts / sms.ts writes its message to the outbox instead of the SMTP server or
// the text provider, whatever the settings say. The scope follows the async calls of `fn`
// (AsyncLocalStorage), so no send path inside it can forget to ask.
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<true>();

export function keptOnServer<T>(fn: () => Promise<T>): Promise<T> {
  return scope.run(true, fn);
}

/** True inside keptOnServer: the adapters write to the outbox only. */
export function mustKeepOnServer(): boolean {
  return scope.getStore() === true;
}
