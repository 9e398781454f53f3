// Settings → Team: the team's own details (name, URL name, colour, logo), to create the team or edit it.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { slugify } from '@keyturn/domain/links';
import { teamInputSchema, TEAM_SLUG_MAX_LENGTH, type TeamOverview } from '@keyturn/domain/schemas/team';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ImageUploadField } from '@/components/ui/image-upload-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { firstIssuePerField } from '@/lib/form-errors';
import { useCreateTeam, useUpdateTeam } from '@/lib/team';
import { toast } from '@/lib/toast';
import { teamCard as card } from './team-parts';

export function TeamForm({ mode, team }: { mode: 'create' | 'edit'; team?: TeamOverview['team'] }) {
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const mutation = mode === 'create' ? create : update;
  const [name, setName] = useState(team?.name ?? '');
  const [slug, setSlug] = useState(team?.slug ?? '');
  const [slugEdited, setSlugEdited] = useState(mode === 'edit');
  const [logo, setLogo] = useState<string | null>(team?.logo ?? null);
  const [color, setColor] = useState(team?.color ?? DEFAULT_PRIMARY_COLOR);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = teamInputSchema.safeParse({ name, slug, logo, color });
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await mutation.mutateAsync(parsed.data);
      toast.success(mode === 'create' ? 'Team created.' : 'Team saved.');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={`space-y-4 ${card}`}>
      <h3 className="text-base font-semibold text-slate-900">
        {mode === 'create' ? 'Create your team' : 'Team details'}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Team name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (!slugEdited) setSlug(slugify(e.target.value).slice(0, TEAM_SLUG_MAX_LENGTH));
          }}
          error={errors.name}
        />
        <TextField
          label="URL name"
          value={slug}
          onChange={(e) => {
            setSlug(e.target.value);
            setSlugEdited(true);
          }}
          hint="Lowercase letters, digits and hyphens: how your team is named in links."
          error={errors.slug}
        />
        <TextField
          label="Colour"
          value={color}
          onChange={(e) => setColor(e.target.value)}
          hint={
            <span className="inline-flex items-center gap-2">
              <span aria-hidden className="inline-block size-4 rounded" style={{ backgroundColor: color }} />A
              colour like #3B82F6
            </span>
          }
          error={errors.color}
        />
        <ImageUploadField label="Team logo" kind="logo" value={logo} onChange={setLogo} error={errors.logo} />
      </div>
      {mutation.isError &&
      !(mutation.error instanceof ApiError && Object.keys(mutation.error.fields).length) ? (
        <ErrorAlert>{mutation.error.message}</ErrorAlert>
      ) : null}
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Saving…' : mode === 'create' ? 'Create team' : 'Save team'}
      </Button>
    </form>
  );
}
