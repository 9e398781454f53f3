// The agent's office (issue 16): where each working day starts — My day's first leg, Optimise's start point,
// and (with "cluster showings by area") the reachability of the day's first public slot. Geocoded from the
// address when a geocoder is configured; otherwise, or to correct it, the pin is placed by hand (the form
// says so). The server validates and places it; its field messages show under the inputs.
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { ROUTE_MESSAGES } from '@keyturn/domain/messages';
import type { RouteSettingsView } from '@keyturn/domain/schemas/routes';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { useSaveOffice } from '../api';

const PinMap = lazy(() => import('@/components/pin-map'));

export function OfficeSetting({ settings }: { settings: RouteSettingsView }) {
  const save = useSaveOffice();
  const office = settings.office;
  const [form, setForm] = useState({
    address: office?.address.address ?? '',
    city: office?.address.city ?? '',
    state: office?.address.state ?? '',
    zip_code: office?.address.zip_code ?? '',
    lat: office ? office.lat.toFixed(6) : '',
    lng: office ? office.lng.toFixed(6) : '',
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));
  const coordinate = (text: string) => (text.trim() === '' ? null : Number(text));
  const lat = coordinate(form.lat);
  const lng = coordinate(form.lng);
  const pinned = lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      address: form.address,
      city: form.city,
      state: form.state,
      zip_code: form.zip_code,
      lat: lat === null || Number.isNaN(lat) ? null : lat,
      lng: lng === null || Number.isNaN(lng) ? null : lng,
    });
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="office-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="office-heading" className="font-semibold text-slate-900">
        Office (start of your day)
      </h2>
      <p className="text-sm text-slate-600">{ROUTE_MESSAGES.officeHelp}</p>
      <p className="text-sm text-slate-600">
        {settings.geocoder_configured
          ? 'Placed from the address when saved. Click the map or enter the coordinates to place the pin yourself.'
          : ROUTE_MESSAGES.noGeocoderNote}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Office address"
          value={form.address}
          onChange={set('address')}
          error={fields.address}
        />
        <TextField label="City" value={form.city} onChange={set('city')} error={fields.city} />
        <TextField label="State" value={form.state} onChange={set('state')} error={fields.state} />
        <TextField
          label="ZIP code"
          value={form.zip_code}
          onChange={set('zip_code')}
          error={fields.zip_code}
        />
      </div>
      <Suspense fallback={<div className="h-56 rounded-lg bg-slate-100" />}>
        <PinMap
          lat={pinned ? lat : null}
          lng={pinned ? lng : null}
          tileUrl={settings.map.tile_url}
          attribution={settings.map.attribution}
          onPlace={(la, ln) => setForm((f) => ({ ...f, lat: la.toFixed(6), lng: ln.toFixed(6) }))}
        />
      </Suspense>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Office latitude"
          inputMode="decimal"
          value={form.lat}
          onChange={set('lat')}
          error={fields.lat}
        />
        <TextField
          label="Office longitude"
          inputMode="decimal"
          value={form.lng}
          onChange={set('lng')}
          error={fields.lng}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save office'}
        </Button>
        {office ? (
          <Button
            type="button"
            variant="secondary"
            disabled={save.isPending}
            onClick={() => {
              save.mutate(null);
              setForm({ address: '', city: '', state: '', zip_code: '', lat: '', lng: '' });
            }}
          >
            Remove office
          </Button>
        ) : null}
      </div>
      {save.isError && Object.keys(fields).length === 0 ? (
        <ErrorAlert>{save.error.message}</ErrorAlert>
      ) : null}
      {save.isSuccess ? (
        <p role="status" className="text-sm text-green-700">
          {save.data.office ? 'Office saved.' : 'Office removed.'}
        </p>
      ) : null}
    </form>
  );
}
