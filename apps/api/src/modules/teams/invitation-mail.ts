// The team invitation e-mail (issue 15): a job of the notifications queue, queued in the invitation's own
// transaction, sent at most once per (invitation, sending) through the same delivery record as every other
// message (core/mail/deliver.ts) — an outbox copy without SMTP, Settings → Messages lists it.
import { and, asc, eq } from 'drizzle-orm';
import { teamInvitationPath } from '@keyturn/domain/links';
import { TEAM_ROLE_LABELS, type TeamRole } from '@keyturn/domain/teams';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { agents, invitations, members, organizations, users } from '../../db/schema';
import { deliverOnce } from '../core/mail/deliver';
import { escapeHtml, headerText, safeColor } from '../core/mail/format';
import { fromHeader } from '../core/mail/keys';
import { fileStemFor, mailDomainOf, messageIdFor } from '../core/mail/keys';
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import { isTeamInvitationJob, type TeamInvitationJobData } from './service';

export type InvitationMailDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  mailFrom: string;
  now: () => Date;
};

export const INVITATION_KIND = 'team.invitation';

/** The invitation e-mail's place on the notifications queue (registered in src/compose-workers.ts). */
export function teamInvitationMail(deps: InvitationMailDeps): QueuedMailHandler<TeamInvitationJobData> {
  return { matches: isTeamInvitationJob, run: (job) => runTeamInvitationJob(deps, job.data, job) };
}

export async function runTeamInvitationJob(
  deps: InvitationMailDeps,
  data: TeamInvitationJobData,
  attempt: { retryCount: number; retryLimit: number },
): Promise<{ sent: number; skipped?: string }> {
  const { db } = deps;
  const [row] = await db
    .select({ invitation: invitations, team: organizations, inviter: users })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .innerJoin(users, eq(users.id, invitations.inviterId))
    .where(eq(invitations.id, data.invitationId));
  if (!row) return { sent: 0, skipped: 'the invitation no longer exists' };
  const { invitation, team, inviter } = row;
  if (invitation.status !== 'pending') return { sent: 0, skipped: `the invitation is ${invitation.status}` };
  if (invitation.expiresAt <= deps.now()) return { sent: 0, skipped: 'the invitation has expired' };

  // The message is recorded under the inviter's agent (their Sent messages), else the team's first owner's.
  const [sender] = await db
    .select({ id: agents.id })
    .from(members)
    .innerJoin(agents, eq(agents.userId, members.userId))
    .where(and(eq(members.organizationId, team.id)))
    .orderBy(asc(members.createdAt));
  const [own] = await db.select({ id: agents.id }).from(agents).where(eq(agents.userId, inviter.id));
  const agentId = own?.id ?? sender?.id;
  if (!agentId) return { sent: 0, skipped: 'the team has no agent to send from' };

  const key = `${INVITATION_KIND}:${invitation.id}:${data.sentAt}`;
  const url = `${deps.publicUrl}${teamInvitationPath(invitation.id)}`;
  const role = TEAM_ROLE_LABELS[(invitation.role ?? 'member') as TeamRole].toLowerCase();
  const subject = headerText(`${inviter.name} invited you to join ${team.name} on Keyturn`);
  const expires = invitation.expiresAt.toUTCString().replace(/:\d\d GMT$/, ' UTC');
  const paragraphs = [
    `${inviter.name} invited you to join the team ${team.name} on Keyturn as ${role === 'admin' ? 'an admin' : 'a member'}.`,
    `Open the link to accept: you can create your Keyturn account with ${invitation.email}, or sign in if you already have one. The invitation is valid until ${expires}.`,
    'If you did not expect this invitation, you can ignore this e-mail.',
  ];
  const text = [...paragraphs.flatMap((p) => [p, '']), `Accept the invitation: ${url}`].join('\n');
  const color = safeColor(team.color);
  const e = escapeHtml;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">',
    `<p style="font-size:18px;font-weight:700;color:${color}">${e(team.name)}</p>`,
    ...paragraphs.map((p) => `<p>${e(p)}</p>`),
    `<p><a href="${e(url)}" style="display:inline-block;padding:10px 16px;background:${color};color:#fff;text-decoration:none;border-radius:6px">Accept the invitation</a></p>`,
    `<p style="color:#64748b;font-size:12px">${e(url)}</p>`,
    '</body></html>',
  ].join('');

  const outcome = await deliverOnce(
    db,
    {
      key,
      messageId: messageIdFor(key, mailDomainOf(deps.mailFrom)),
      agentId,
      bookingId: null,
      kind: INVITATION_KIND,
      channel: 'email',
      audience: 'agent',
      recipient: invitation.email,
      subject,
      scheduledFor: new Date(data.sentAt),
    },
    {
      lastAttempt: attempt.retryCount >= attempt.retryLimit,
      send: () =>
        deps.mailer.send({
          from: fromHeader(deps.mailFrom, 'Keyturn'),
          to: invitation.email,
          replyTo: inviter.email,
          subject,
          text,
          html,
          messageId: messageIdFor(key, mailDomainOf(deps.mailFrom)),
          fileStem: fileStemFor(key, INVITATION_KIND),
          headers: { 'X-Keyturn-Idempotency-Key': key },
        }),
    },
  );
  if (outcome.status === 'failed' && !outcome.final) throw outcome.error;
  return { sent: outcome.status === 'sent' ? 1 : 0 };
}
