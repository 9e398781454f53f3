// Where the bearer token of the signed-in session is kept between visits. The API client reads it for every
// call; sign-in stores it, sign-out and a rejected session clear it.

export const SESSION_TOKEN_KEY = 'keyturn.session-token';

export function getSessionToken(): string | null {
  try {
    return window.localStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    // Storage can be disabled (private mode, strict settings): then nobody is signed in.
    return null;
  }
}

export function setSessionToken(token: string): void {
  try {
    window.localStorage.setItem(SESSION_TOKEN_KEY, token);
  } catch {
    // Without storage the session lasts as long as nothing needs the token again; nothing better to do.
  }
}

export function clearSessionToken(): void {
  try {
    window.localStorage.removeItem(SESSION_TOKEN_KEY);
  } catch {
    // See getSessionToken.
  }
}
