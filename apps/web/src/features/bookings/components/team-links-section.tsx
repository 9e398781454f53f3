// The team's booking links (issue 15), for owners and admins next to their own links: the team page's
// address, and links to a consultation with the team (round robin) or to one team property (its agent),
// each opening /booking/:linkId with the team's branding. Members do not see it (the server refuses them).
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { teamPagePath } from '@keyturn/domain/links';
import { canManageTeamLinks } from '@keyturn/domain/teamBooking';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import { SelectField } from '@/components/ui/text-field';
import { useCreateTeamLink, useDeleteTeamLink, usePublicTeam, useTeam, useTeamLinks } from '@/lib/team';

export function TeamLinksSection() {
  const team = useTeam();
  const manages = team.data ? canManageTeamLinks(team.data.role) : false;
  if (!team.data || !manages) return null;
  return <TeamLinks slug={team.data.team.slug} name={team.data.team.name} />;
}

function TeamLinks({ slug, name }: { slug: string; name: string }) {
  const links = useTeamLinks(true);
  const page = usePublicTeam(slug);
  const create = useCreateTeamLink();
  const remove = useDeleteTeamLink();
  const [target, setTarget] = useState('');
  const properties = page.data?.properties ?? [];
  const addressOf = (propertyId: number | null) =>
    propertyId === null
      ? 'Consultation with the team'
      : (properties.find((p) => p.id === propertyId)?.address ?? 'A team property');
  const pageUrl = `${window.location.origin}${teamPagePath(slug)}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const propertyId = target === '' ? null : Number(target);
    try {
      await create.mutateAsync({ property_id: propertyId, label: `${name} · ${addressOf(propertyId)}` });
      toast.success('Team link created.');
    } catch {
      // Shown below the form.
    }
  }

  return (
    <section aria-labelledby="team-links-heading" className="space-y-3">
      <h2 id="team-links-heading" className="text-lg font-semibold text-slate-900">
        Team links
      </h2>
      <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:flex-row sm:items-center">
        <p className="min-w-0 flex-1 truncate text-sm text-slate-700" title={pageUrl}>
          Team page: {pageUrl}
        </p>
        <CopyButton text={pageUrl} accessibleLabel="Copy the team page address" />
      </div>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <SelectField
          label="New team link to"
          className="sm:w-80"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        >
          <option value="">A consultation with the team</option>
          {properties.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.address} ({p.agent.name})
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={create.isPending}>
          Create team link
        </Button>
      </form>
      {create.error ? <ErrorAlert>{create.error.message}</ErrorAlert> : null}
      {links.isPending ? (
        <Spinner label="Loading team links" size="sm" />
      ) : links.isError ? (
        <ErrorAlert>We could not load the team links. {links.error.message}</ErrorAlert>
      ) : links.data.length === 0 ? (
        <p className="text-sm text-slate-600">No team links yet.</p>
      ) : (
        <ul
          aria-label="Team links"
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          {links.data.map((link) => {
            const title = addressOf(link.property_id);
            return (
              <li key={link.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{title}</p>
                  <p className="truncate text-xs text-slate-500" title={link.url}>
                    {link.url}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <CopyButton text={link.url} accessibleLabel={`Copy team link ${title}`} />
                  <Button
                    variant="danger-ghost"
                    size="sm"
                    aria-label={`Withdraw team link ${title}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      void remove
                        .mutateAsync(link.id)
                        .then(() => toast.success('Team link withdrawn.'))
                        .catch((error: Error) => toast.error(error.message))
                    }
                  >
                    Withdraw
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
