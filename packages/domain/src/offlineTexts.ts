// Issue 47 (decision 094): what the dashboard says when the device has no network and shows the copies its
// service worker kept.

export const OFFLINE_TEXTS = {
  bannerName: 'Offline',
  /** `savedAt` is the time of the newest saved answer, already labelled with its zone (or null: none saved). */
  banner: (savedAt: string | null) =>
    savedAt
      ? `You're offline — showing what was saved on this device at ${savedAt}.`
      : "You're offline — showing what was saved on this device.",
  pending: 'Saved on this device — sent when you’re back online.',
  /** The conversation's list of messages written offline, waiting on the device. */
  pendingName: 'Waiting to be sent',
  refused: (booking: string, error: string) => `Not sent for ${booking}: ${error}`,
} as const;
