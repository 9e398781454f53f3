// The password policy beyond length (issue 11): none of the ~49,000 most common passwords, from the list
// @zxcvbn-ts/language-common maintains (ranked by how often they leak). Compared case-insensitively, so
// `Password1` is as refused as `password1`. Server-side only: the list never reaches the web bundle; the
// form shows the server's field message.
import { dictionary } from '@zxcvbn-ts/language-common';

const COMMON = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
