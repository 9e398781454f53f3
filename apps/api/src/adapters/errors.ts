// How an adapter reports a failed send: permanent failures are not retried (a refused address, a rejected
// number); temporary ones (provider down, timeout, 5xx) go back to the queue with backoff.

export class SendError extends Error {
  override readonly name = 'SendError';

  constructor(
    message: string,
    readonly permanent: boolean,
    /** The provider says the recipient has opted out of texts (Twilio error 21610). */
    readonly optedOut = false,
  ) {
    super(message);
  }
}

export function isPermanent(err: unknown): boolean {
  return err instanceof SendError && err.permanent;
}
