// The app shell's own texts (spec §2.1 "Loading page...", §8 "Unexpected Application Error!"), part of
// MESSAGES (messages.ts). Apart so that the web app's entry, which shows only these, does not carry every
// other message of the product to a page that needs none of them (decision 036).
export const SHELL_MESSAGES = {
  loadingPage: 'Loading page...',
  unexpectedError: 'Unexpected Application Error!',
} as const;

/**
 * The loading line in Spanish (issue 43), for a buyer page in Spanish while its code arrives: the entry carries no
 * catalogue, so this one sentence is here (i18n/pinned-english.test.ts holds it equal to `common.loadingPage`).
 */
export const LOADING_PAGE_ES = 'Cargando la página...';
