// The app shell's own texts (spec §2.1 "Loading page...", §8 "Unexpected Application Error!"), part of
// MESSAGES (messages.ts). Apart so that the web app's entry, which shows only these, does not carry every
// other message of the product to a page that needs none of them (decision 036).
export const SHELL_MESSAGES = {
  loadingPage: 'Loading page...',
  unexpectedError: 'Unexpected Application Error!',
} as const;
