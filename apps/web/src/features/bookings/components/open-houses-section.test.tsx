// Issue 44 "Open houses with capacity": the Bookings page lists the agent's open houses to come — the window on
// its clock, the places taken and left per 30-minute time and who registered — schedules one through a dialog
// checked with the domain's words, and cancels one after a confirmation.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentOpenHouse, OpenHouseView } from '@keyturn/domain/schemas/openHouses';
import { OPEN_HOUSE_TEXTS } from '@keyturn/domain/slots/openHouse';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { OpenHousesSection } from './open-houses-section';

/** One of the agent's properties, as the property list answers it. */
const property = {
  id: 42,
  agent_id: 'agent-1',
  address: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  price: 450000,
  bedrooms: 3,
  bathrooms: 2,
  property_type: 'Residential',
  images: [],
  is_public: true,
};

const WORDS = OPEN_HOUSE_TEXTS.agent;
const SUMMARY = '12 Main St · Sat, Mar 8 · 1:00 PM – 3:00 PM Eastern Time (New York)';

/** Saturday, March 8, 2031, 1:00–3:00 PM New York (EST): four times of 4 groups. */
const openHouse = (overrides: Partial<AgentOpenHouse> = {}): AgentOpenHouse => ({
  id: 'oh-1',
  property: { id: 42, address: '12 Main St' },
  starts_at: '2031-03-08T18:00:00.000Z',
  ends_at: '2031-03-08T20:00:00.000Z',
  time_zone: 'America/New_York',
  groups_per_slot: 4,
  groups: [
    { starts_at: '2031-03-08T18:00:00.000Z', taken: 2, left: 2 },
    { starts_at: '2031-03-08T18:30:00.000Z', taken: 4, left: 0 },
    { starts_at: '2031-03-08T19:00:00.000Z', taken: 0, left: 4 },
    { starts_at: '2031-03-08T19:30:00.000Z', taken: 0, left: 4 },
  ],
  registrants: [
    {
      booking_id: 'b-1',
      starts_at: '2031-03-08T18:00:00.000Z',
      client_name: 'Fox Mulder',
      client_email: 'fox@example.com',
      client_phone: '+15550100199',
    },
    {
      booking_id: 'b-2',
      starts_at: '2031-03-08T18:00:00.000Z',
      client_name: 'Dana Katz',
      client_email: 'dana.k@example.com',
      client_phone: '+15550100198',
    },
  ],
  ...overrides,
});

function render(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /properties': () => json(200, { success: true, data: [property] }),
    ...routes,
  });
  renderAt(<OpenHousesSection timeZone="America/New_York" />, { path: '/dashboard/bookings' });
  return { api, user: userEvent.setup({ delay: null }) };
}

/** Opens the dialog and fills it: 12 Main St, March 8, 1:00 PM to `to`, 6 groups. */
async function fillForm(user: ReturnType<typeof userEvent.setup>, to = '15:00') {
  await user.click(await screen.findByRole('button', { name: WORDS.create }));
  const dialog = within(await screen.findByRole('dialog', { name: WORDS.create }));
  await dialog.findByRole('option', { name: '12 Main St' });
  await user.selectOptions(dialog.getByLabelText(WORDS.property), '42');
  await user.type(dialog.getByLabelText(WORDS.date), '2031-03-08');
  await user.type(dialog.getByLabelText(WORDS.from), '13:00');
  await user.type(dialog.getByLabelText(WORDS.to), to);
  const groups = dialog.getByLabelText(WORDS.groups);
  expect(groups).toHaveValue(4);
  await user.clear(groups);
  await user.type(groups, '6');
  return dialog;
}

afterEach(() => {
  toast.remove();
});

describe('OpenHousesSection', () => {
  it('lists each open house with its window, places and registrants', async () => {
    render({ 'GET /open-houses': () => json(200, { success: true, data: [openHouse()] }) });
    expect(await screen.findByRole('heading', { name: WORDS.heading })).toBeInTheDocument();
    expect(screen.getByText(WORDS.intro)).toBeInTheDocument();
    expect(screen.getByText(SUMMARY)).toBeInTheDocument();
    expect(screen.getByText(WORDS.registrations(6, 16))).toBeInTheDocument();
    const times = within(screen.getByRole('list', { name: SUMMARY }));
    expect(times.getByText('1:00 PM').parentElement).toHaveTextContent(
      `1:00 PM · ${WORDS.registrations(2, 4)} · ${OPEN_HOUSE_TEXTS.public.left(2)}`,
    );
    expect(times.getByText('1:30 PM').parentElement).toHaveTextContent(
      `1:30 PM · ${WORDS.registrations(4, 4)} · ${OPEN_HOUSE_TEXTS.public.full}`,
    );
    expect(times.getByText('Fox Mulder · fox@example.com · +15550100199')).toBeInTheDocument();
    expect(times.getByText('Dana Katz · dana.k@example.com · +15550100198')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: WORDS.cancel })).toHaveAccessibleDescription(SUMMARY);
  });

  it('says when none is scheduled', async () => {
    render({ 'GET /open-houses': () => json(200, { success: true, data: [] }) });
    expect(await screen.findByText(WORDS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('schedules one: sends the form, says so and asks for the list again', async () => {
    let list: AgentOpenHouse[] = [];
    const created: OpenHouseView = openHouse();
    const { api, user } = render({
      'GET /open-houses': () => json(200, { success: true, data: list }),
      'POST /open-houses': () => {
        list = [
          openHouse({ registrants: [], groups: created.groups.map((g) => ({ ...g, taken: 0, left: 6 })) }),
        ];
        return json(201, { success: true, data: created });
      },
    });
    await screen.findByText(WORDS.empty);
    const dialog = await fillForm(user);
    await user.click(dialog.getByRole('button', { name: WORDS.save }));
    expect(await screen.findByText(WORDS.saved)).toBeInTheDocument();
    expect(api.callsTo('POST', '/open-houses')[0]?.body).toEqual({
      property_id: 42,
      date: '2031-03-08',
      start_time: '13:00',
      end_time: '15:00',
      groups_per_slot: 6,
    });
    expect(await screen.findByText(SUMMARY)).toBeInTheDocument();
    expect(api.callsTo('GET', '/open-houses')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a window that is not whole 30-minute times under "To", and sends nothing', async () => {
    const { api, user } = render({
      'GET /open-houses': () => json(200, { success: true, data: [] }),
    });
    const dialog = await fillForm(user, '14:15');
    await user.click(dialog.getByRole('button', { name: WORDS.save }));
    const to = dialog.getByLabelText(WORDS.to);
    expect(await dialog.findByText(OPEN_HOUSE_TEXTS.form.wholeGroups)).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(OPEN_HOUSE_TEXTS.form.wholeGroups);

    await user.clear(to);
    await user.type(to, '13:00');
    await user.click(dialog.getByRole('button', { name: WORDS.save }));
    expect(await dialog.findByText(OPEN_HOUSE_TEXTS.form.tooShort)).toBeInTheDocument();
    expect(api.callsTo('POST', '/open-houses')).toHaveLength(0);
  });

  it("shows the server's refusal of an overlapping window in its own words", async () => {
    const { user } = render({
      'GET /open-houses': () => json(200, { success: true, data: [] }),
      'POST /open-houses': () =>
        json(409, { error: OPEN_HOUSE_TEXTS.overlapsShowing, code: 'OPEN_HOUSE_OVERLAPS' }),
    });
    const dialog = await fillForm(user);
    await user.click(dialog.getByRole('button', { name: WORDS.save }));
    expect(await dialog.findByText(OPEN_HOUSE_TEXTS.overlapsShowing)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: WORDS.create })).toBeInTheDocument();
  });

  it('cancels one after the confirmation', async () => {
    let list = [openHouse()];
    const { api, user } = render({
      'GET /open-houses': () => json(200, { success: true, data: list }),
      'DELETE /open-houses/oh-1': () => {
        list = [];
        return json(200, { success: true });
      },
    });
    await user.click(await screen.findByRole('button', { name: WORDS.cancel }));
    const confirm = within(await screen.findByRole('dialog', { name: WORDS.cancel }));
    expect(confirm.getByText(WORDS.cancelConfirm)).toBeInTheDocument();
    expect(confirm.getByText(SUMMARY)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/open-houses/oh-1')).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: WORDS.cancel }));
    expect(await screen.findByText(WORDS.cancelled)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/open-houses/oh-1')).toHaveLength(1);
    expect(await screen.findByText(WORDS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
