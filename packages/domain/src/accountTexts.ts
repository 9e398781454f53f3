// Issue 41 (decision 067): the words of account security — verified e-mail, forgotten passwords, two-factor
// sign-in and signed-in sessions — on the page and in the e-mails alike. Kept apart from messages.ts so the
// public pages load none of it.

/** How long a verification or password-reset link works (better-auth's token lifetime). */
export const ACCOUNT_LINK_LIFETIME_SECONDS = 60 * 60;
/** "Send again" for the verification e-mail: at most once in this many seconds per account. */
export const VERIFICATION_RESEND_SECONDS = 60;
/** A forgot-password answer never leaves sooner than this, whether the address has an account or not. */
export const PASSWORD_RESET_ANSWER_FLOOR_MS = 400;

export const ACCOUNT_TEXTS = {
  // Verified e-mail
  /** The banner's name for assistive technology (it names no field: "E-mail" is the forms' label). */
  verifyBannerName: 'Address not confirmed yet',
  verifyBanner: (email: string) =>
    `Please confirm your e-mail address: we sent a link to ${email}. Until you do, rights tied to your address (server administration, team invitations, the waiting-list discount) stay off.`,
  /**
   * The banner when this server cannot send e-mail yet (no mail server set up): the link was kept on the server,
   * and its operator reads it in the server's output (the first account of a new server is usually theirs).
   */
  verifyBannerKept: (email: string) =>
    `Please confirm your e-mail address. This server cannot send e-mail yet, so the link for ${email} was kept on the server instead of sent: whoever runs the server finds it in the server's output. Until you confirm, rights tied to your address (server administration, team invitations, the waiting-list discount) stay off.`,
  verificationKept: (email: string) =>
    `A new link for ${email} was kept on the server: whoever runs the server finds it in the server's output.`,
  sendAgain: 'Send again',
  verificationSent: (email: string) => `We sent a new link to ${email}.`,
  verificationWait: (seconds: number) =>
    `We just sent a link. You can ask for another in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  verifyingEmail: 'Confirming your e-mail address…',
  emailVerified: 'Your e-mail address is confirmed.',
  emailChanged: 'Your new e-mail address is confirmed and now signs you in.',
  linkUsed: 'This link has already been used. If your address is not confirmed yet, ask for a new link.',
  linkExpired: 'This link has expired (links work for 1 hour). Ask for a new one.',
  linkInvalid: 'This link is not valid. Ask for a new one.',
  verifyMail: {
    subject: 'Confirm your e-mail address for Keyturn',
    heading: 'Confirm your e-mail address',
    paragraph: (name: string) =>
      `Hi ${name}, please confirm that this is your e-mail address so Keyturn can use it for your account.`,
    note: 'The link works once and for 1 hour. If you did not create a Keyturn account, ignore this e-mail: nothing happens without the link.',
    action: 'Confirm my e-mail address',
  },
  changeMail: {
    subject: 'Confirm your new e-mail address for Keyturn',
    heading: 'Confirm your new e-mail address',
    paragraph: (name: string) =>
      `Hi ${name}, you asked Keyturn to use this address for your account. It replaces your old address only once you confirm it here.`,
    note: 'The link works once and for 1 hour. If you did not ask for this, ignore this e-mail: your account keeps its current address.',
    action: 'Confirm my new address',
  },
  // Forgot password
  forgotPasswordLink: 'Forgot password?',
  forgotPasswordTitle: 'Reset your password',
  forgotPasswordIntro:
    'Enter the e-mail address of your account. We will send you a link to choose a new password.',
  forgotPasswordSubmit: 'Send the link',
  forgotPasswordSent:
    'If an account uses this address, we have sent it a link to choose a new password. The link works once and for 1 hour.',
  resetPasswordTitle: 'Choose a new password',
  resetPasswordSubmit: 'Save the new password',
  resetPasswordDone:
    'Your password is changed and every other signed-in session has ended. Sign in with the new password.',
  resetLinkInvalid: 'This link has expired or has already been used. Ask for a new one.',
  resetMail: {
    subject: 'Choose a new password for Keyturn',
    heading: 'Choose a new password',
    paragraph: (name: string) =>
      `Hi ${name}, someone (we hope you) asked to reset the password of your Keyturn account.`,
    note: 'The link works once and for 1 hour. Choosing a new password signs you out everywhere else. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    action: 'Choose a new password',
  },
  // Two-factor
  twoFactorTitle: 'Two-factor sign-in',
  twoFactorOff: 'Off. Signing in needs only your password.',
  twoFactorOn: 'On. Signing in asks for a code from your authenticator app (or a recovery code).',
  twoFactorStart: 'Turn on two-factor sign-in',
  twoFactorPasswordLabel: 'Your password',
  twoFactorScan:
    'Add this key to your authenticator app (scan the link on your phone or type the key), then enter the 6-digit code it shows.',
  twoFactorCodeLabel: 'Code from your authenticator app',
  twoFactorConfirm: 'Confirm and turn on',
  twoFactorRecoveryCodes:
    'Your recovery codes. Each works once, instead of a code from the app. Keep them somewhere safe: they are shown only now.',
  twoFactorEnabled: 'Two-factor sign-in is on. Your other sessions have been signed out.',
  twoFactorDisable: 'Turn off two-factor sign-in',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  twoFactorSignInTitle: 'Enter your code',
  twoFactorSignInIntro:
    'Your account uses two-factor sign-in. Enter the 6-digit code from your authenticator app.',
  twoFactorUseRecovery: 'Use a recovery code instead',
  twoFactorUseApp: 'Use a code from the app instead',
  twoFactorRecoveryLabel: 'Recovery code',
  twoFactorVerify: 'Sign in',
  twoFactorCodeWrong: 'That code is not right. Check the app and try again.',
  twoFactorExpired: 'Your sign-in took too long. Please enter your password again.',
  twoFactorRequiredForAdmin:
    'Server settings need a session signed in with your two-factor code. Sign out and sign in again with the code.',
  // Sessions
  sessionsTitle: 'Signed-in sessions',
  sessionsIntro: 'Where your account is signed in now. Sign out any session you do not recognise.',
  sessionThisOne: 'This session',
  sessionSignOut: 'Sign out',
  sessionsSignOutOthers: 'Sign out everywhere else',
  sessionsOthersEnded: (count: number) =>
    count === 0
      ? 'No other session was signed in.'
      : `Signed out ${count} other session${count === 1 ? '' : 's'}.`,
  sessionEnded: 'That session is signed out.',
  sessionStarted: (when: string) => `Signed in ${when}`,
  sessionUnknownIp: 'IP address unknown',
  // E-mail change
  changeEmailTitle: 'E-mail address',
  changeEmailLabel: 'New e-mail address',
  changeEmailSubmit: 'Change e-mail address',
  changeEmailSent: (email: string) =>
    `We sent a link to ${email}. Your address changes once you open it; until then you keep signing in with the current one.`,
  changeEmailSame: 'This is already your e-mail address.',
  // Rights tied to an address
  invitationNeedsVerifiedEmail:
    'Confirm your e-mail address first (open the link we sent you), then accept the invitation.',
} as const;

/** "Chrome on macOS" from a User-Agent header; "Unknown browser" when it says nothing we know. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (!browser && !system) return 'Unknown browser';
  if (!browser) return `A browser on ${system}`;
  return system ? `${browser} on ${system}` : browser;
}
