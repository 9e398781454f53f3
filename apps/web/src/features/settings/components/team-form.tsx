// Settings → Team: the team's own details (name, URL name, colour, logo), to create the team or edit it.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { slugify } from '@keyturn/domain/links';
import {
  teamCreateSchema,
  teamInputSchema,
  TEAM_SLUG_MAX_LENGTH,
  type TeamOverview,
} from '@keyturn/domain/schemas/team';
import {
  CONSULTATION_PLACE_LABELS,
  CONSULTATION_PLACES,
  type ConsultationPlace,
} from '@keyturn/domain/teamPlace';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ImageUploadField } from '@/components/ui/image-upload-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { firstIssuePerField } from '@/lib/form-errors';
import { useCreateTeam, useOwnListings, useUpdateTeam } from '@/lib/team';
import { toast } from '@/lib/toast';
import { ListingChoice } from './team-listings';
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
  const [place, setPlace] = useState<ConsultationPlace>(team?.consultation_place ?? 'remote');
  const [officeAddress, setOfficeAddress] = useState(team?.office_address ?? '');
  const [listingIds, setListingIds] = useState<number[]>([]);
  const ownListings = useOwnListings();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, slug, logo, color, consultation_place: place, office_address: officeAddress };
    const parsed =
      mode === 'create'
        ? teamCreateSchema.safeParse({ ...input, property_ids: listingIds })
        : teamInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await (mode === 'create' ? create : update).mutateAsync(parsed.data);
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
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">Where team consultations happen</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-1">
          {CONSULTATION_PLACES.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800"
            >
              <input
                type="radio"
                name="consultation-place"
                className="size-4"
                checked={place === value}
                onChange={() => setPlace(value)}
              />
              {CONSULTATION_PLACE_LABELS[value]}
            </label>
          ))}
        </div>
        {place === 'office' ? (
          <TextField
            label="Office address"
            value={officeAddress}
            onChange={(e) => setOfficeAddress(e.target.value)}
            hint="Buyers see it on your team page and in their confirmation."
            error={errors.office_address}
          />
        ) : null}
      </fieldset>
      {mode === 'create' ? (
        <ListingChoice listings={ownListings.data ?? []} selected={listingIds} onChange={setListingIds} />
      ) : null}
      {errors.property_ids ? <ErrorAlert>{errors.property_ids}</ErrorAlert> : null}
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
