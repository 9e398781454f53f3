// Issue 39 §15: every kind of message the API records has a human name and recipient in packages/domain's
// one table (messageKinds.ts) — no `seller.notice.moved` on the Messages page. The kinds are gathered from the
// API itself: every booking event × audience × channel of the catalogue, every seller approval step and notice,
// and every `*_KIND` constant and `${X_KIND}.detail` written in apps/api/src — a new one without a label fails here.
import { DOCUMENT_MAIL_KINDS } from '../src/modules/listing-documents/jobs';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPROVAL_STEPS } from '@keyturn/domain/listing/sellerApproval';
import { SELLER_NOTICE_EVENTS } from '@keyturn/domain/listing/sellerNotices';
import { messageKindName, messageTitle } from '@keyturn/domain/messageKinds';
import { NOTIFICATION_EVENTS, messageKind } from '../src/modules/core/notifications/catalogue';
import { SELLER_APPROVAL_KIND } from '../src/modules/sellers/approval';
import { sellerNoticeKind } from '../src/modules/sellers/notices';

const SRC = path.resolve(__dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') ? [readFileSync(file, 'utf8')] : [];
  });
}

/** `export const X_KIND = 'a.b'` and every `${X_KIND}.detail` the API writes, resolved. */
function kindsWrittenInSource(): string[] {
  const files = sources(SRC);
  const constants = new Map<string, string>();
  for (const text of files)
    for (const m of text.matchAll(/const ([A-Z_]+_KIND) = '([a-z_.]+)'/g)) constants.set(m[1]!, m[2]!);
  const kinds = [...constants.values()];
  for (const text of files)
    for (const m of text.matchAll(/\$\{([A-Z_]+_KIND)\}\.([a-z_]+)/g)) {
      const base = constants.get(m[1]!);
      if (base) kinds.push(`${base}.${m[2]}`);
    }
  return kinds;
}

/** Queue job kinds, never a message's: each message is `seller.approval.{step}`, `seller.notice.{event}`. */
// Job kinds that are no message of their own: the push job (issue 47) records its sends in push_sends.
const JOB_ONLY = new Set(['seller.approval', 'seller.notice', 'waitlist.refill', 'web_push']);

function everyKind(): string[] {
  const booking = NOTIFICATION_EVENTS.flatMap((event) =>
    (['buyer', 'agent', 'buyer_agent'] as const).flatMap((audience) =>
      (['email', 'sms'] as const).map((channel) =>
        messageKind(event, { audience, channel } as Parameters<typeof messageKind>[1]),
      ),
    ),
  );
  const approval = APPROVAL_STEPS.map((step) => `${SELLER_APPROVAL_KIND}.${step}`);
  const notices = SELLER_NOTICE_EVENTS.map(sellerNoticeKind);
  // Issue 45: the documents' e-mails and a conversation's messages (e-mail and text).
  const issue45 = [...DOCUMENT_MAIL_KINDS, 'thread.message', 'thread.message.sms'];
  return [...new Set([...booking, ...approval, ...notices, ...issue45, ...kindsWrittenInSource()])];
}

describe('message kinds (issue 39 §15)', () => {
  it('the source scan finds the kinds sent outside the booking catalogue', () => {
    const kinds = kindsWrittenInSource();
    for (const known of ['seller.notice', 'seller.approval.text', 'time.proposal.sms', 'texts.forward'])
      expect(kinds).toContain(known);
  });

  it('every kind the API sends has a label from the one table, never its code', () => {
    const unnamed = everyKind().filter((kind) => !JOB_ONLY.has(kind) && !messageKindName(kind));
    expect(unnamed).toEqual([]);
    for (const kind of everyKind()) expect(messageKindName(kind)?.label ?? '').not.toMatch(/[._]/);
  });

  it('names who each message went to', () => {
    expect(messageTitle({ kind: 'seller.approval.request', audience: 'seller' })).toBe(
      'Approval request — to the seller or occupant',
    );
    expect(messageTitle({ kind: 'seller.notice.moved', audience: 'seller' })).toBe(
      'Showing moved — to the seller or occupant',
    );
    expect(messageTitle({ kind: 'seller.approval.escalation', audience: 'agent' })).toBe(
      'Seller did not answer — to you',
    );
    expect(messageTitle({ kind: 'team.invitation', audience: 'agent' })).toBe(
      'Team invitation — to the person invited',
    );
    expect(messageTitle({ kind: 'access.release', audience: 'buyer_agent' })).toBe(
      "How to get in — to the buyer's agent",
    );
  });
});
