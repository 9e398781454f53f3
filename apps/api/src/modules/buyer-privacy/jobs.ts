// Issue 46 (decision 091): the privacy request's e-mail to the agent, a job on the notifications queue queued in
// the transaction that made the request (requests.ts).
export const PRIVACY_REQUEST_KIND = 'privacy.request';

export type PrivacyRequestJob = { kind: typeof PRIVACY_REQUEST_KIND; requestId: string };

export function isPrivacyRequestJob(data: object): data is PrivacyRequestJob {
  return (data as { kind?: unknown }).kind === PRIVACY_REQUEST_KIND;
}
