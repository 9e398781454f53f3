// The agent's office (issues 16, 30): where each working day starts — My day's first leg, Optimise's start
// point, and (with "cluster showings by area") the reachability of the day's first public slot. Placed by its
// address (found on the map, or on save when no pin is placed) or by dragging the pin; the coordinates are
// the collapsed fallback. One save: "Save office" sends the address and the pin together. The server
// validates and places it; its field messages show under the inputs.
import { useState, type FormEvent } from 'react';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import type { RouteSettingsView } from '@keyturn/domain/schemas/routes';
import { PlaceOnMap } from '@/components/place-on-map';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { useSaveOffice } from '../api';

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
      <PlaceOnMap
        address={() => ({
          address: form.address,
          city: form.city,
          state: form.state,
          zip_code: form.zip_code,
        })}
        geocoderOn={settings.geocoder_configured}
        map={settings.map}
        lat={form.lat}
        lng={form.lng}
        errors={{ lat: fields.lat, lng: fields.lng }}
        onChange={(la, ln) => setForm((f) => ({ ...f, lat: la, lng: ln }))}
        labels={{
          map: 'Map: drag the pin or click the map to place your office',
          lat: 'Office latitude',
          lng: 'Office longitude',
        }}
      />
      {settings.geocoder_configured ? (
        <p className="text-sm text-slate-600">Without a pin, saving places the office from its address.</p>
      ) : null}
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
