// The texts adapter calls the provider through the outbound guard (http/outbound-url.ts): a provider address on
// loopback or a private network is refused before the account's token is sent, unless private hosts are allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendError } from '../src/adapters/errors';
import type { Outbox } from '../src/adapters/outbox';
import { createResolvingSmsSender, createSmsSender } from '../src/adapters/sms';
import { startSmsProvider, type TestSmsProvider } from './support/sms-provider';

let provider: TestSmsProvider;
beforeAll(async () => {
  provider = await startSmsProvider();
});
afterAll(async () => {
  await provider?.close();
});

/** An outbox that must not be written: a refused text is an error, not a file. */
const noOutbox: Outbox = {
  put: () => Promise.reject(new Error('a refused text must not be kept as a file')),
  get: () => Promise.resolve(null),
} as unknown as Outbox;

const account = () => ({
  providerUrl: provider.url,
  accountSid: provider.accountSid,
  authToken: provider.authToken,
  from: '+15005550006',
});

describe('texts go out through the outbound guard', () => {
  it('a loopback provider address is refused (permanent SendError, nothing reaches it) when private hosts are not allowed', async () => {
    const before = provider.attempts;
    const sms = createSmsSender({ ...account(), outbox: noOutbox, outbound: { allowPrivateHosts: false } });
    const sent = sms.send({ to: '+17185550100', body: 'See you at 10', fileStem: 'refused-1' });
    await expect(sent).rejects.toBeInstanceOf(SendError);
    await expect(sent).rejects.toMatchObject({
      permanent: true,
      message: expect.stringContaining('127.0.0.1'),
    });
    expect(provider.attempts).toBe(before);
  });

  it('a private address read from Server settings is refused the same way', async () => {
    const before = provider.attempts;
    const sms = createResolvingSmsSender({
      settings: async () => ({ ...account(), providerUrl: provider.url.replace('127.0.0.1', '10.0.0.1') }),
      outbox: noOutbox,
      outbound: { allowPrivateHosts: false },
    });
    await expect(sms.send({ to: '+17185550101', body: 'Hi', fileStem: 'refused-2' })).rejects.toMatchObject({
      permanent: true,
      message: expect.stringContaining('10.0.0.1'),
    });
    expect(provider.attempts).toBe(before);
  });

  it('with private hosts allowed the same provider receives the text', async () => {
    const sms = createSmsSender({ ...account(), outbox: noOutbox, outbound: { allowPrivateHosts: true } });
    const receipt = await sms.send({ to: '+17185550102', body: 'Allowed', fileStem: 'allowed-1' });
    expect(receipt.transport).toBe('sms');
    expect(provider.messages.at(-1)).toMatchObject({ to: '+17185550102', body: 'Allowed' });
  });
});
