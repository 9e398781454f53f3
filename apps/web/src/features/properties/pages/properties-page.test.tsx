import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { propertyBookingPath } from '@keyturn/domain/links';
import type { Property } from '@keyturn/domain/schemas/property';
import type { RecordedCall } from '@/test/utils';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { riverside } from '../test-fixtures';
import { PropertiesPage } from './properties-page';

const agentProfile = TEST_AGENT_PROFILE;

type Routes = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

function renderPage(routes: Routes = {}, properties: Property[] = [riverside]) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () => json(200, { success: true, data: agentProfile }),
    'GET /properties': () => json(200, { success: true, data: properties }),
    ...routes,
  });
  const rendered = renderAt(<PropertiesPage />, { path: '/dashboard/properties' });
  return { ...rendered, api };
}

async function openAddDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add property' }));
  return screen.getByRole('dialog', { name: 'Add a property' });
}

async function fillValidProperty(dialog: HTMLElement) {
  const field = (label: string) => within(dialog).getByLabelText(label);
  await userEvent.type(field('Address'), '12 Oak Lane');
  await userEvent.type(field('City'), 'Austin');
  await userEvent.type(field('State'), 'TX');
  await userEvent.type(field('ZIP code'), '78702');
  await userEvent.type(field('Price (USD)'), '350000');
  await userEvent.type(field('Bedrooms'), '2');
  await userEvent.type(field('Bathrooms'), '1.5');
}

describe('properties list', () => {
  it('shows each property with price, beds/baths, visibility and its absolute booking link (by its unguessable public id)', async () => {
    const user = userEvent.setup();
    renderPage({}, [
      riverside,
      { ...riverside, id: 8, address: '3 Hill Road', is_public: false, images: [] },
    ]);
    const row = await screen.findByRole('listitem', { name: '88 Riverside Drive' });
    const link = `${window.location.origin}${propertyBookingPath('dana-scully', '88 Riverside Drive', riverside.public_id)}`;
    expect(link).toMatch(/\/0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f\/book$/);
    expect(within(row).getByText(link)).toBeInTheDocument();
    expect(within(row).getByText('$425,000')).toBeInTheDocument();
    expect(within(row).getByText('3 beds · 2.5 baths')).toBeInTheDocument();
    expect(within(row).getByText('Public')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Cover photo of 88 Riverside Drive' })).toHaveAttribute(
      'src',
      'https://img.example/riverside-1.jpg',
    );
    const privateRow = screen.getByRole('listitem', { name: '3 Hill Road' });
    expect(within(privateRow).getByText('Private')).toBeInTheDocument();
    expect(within(privateRow).getByText('No photo')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Copy booking link for 88 Riverside Drive' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(link);
  });

  it('tells a new agent what to do when there are no properties', async () => {
    renderPage({}, []);
    expect(await screen.findByRole('heading', { name: 'No properties yet' })).toBeInTheDocument();
  });
});

describe('property form', () => {
  it('validates with propertyInputSchema before sending', async () => {
    const { api } = renderPage();
    const dialog = await openAddDialog();
    await userEvent.type(within(dialog).getByLabelText('Bathrooms'), '1.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add property' }));

    expect(await within(dialog).findByText('Address is required')).toBeInTheDocument();
    expect(within(dialog).getByText('City is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Price is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Bathrooms must be a whole or half number (e.g. 2.5)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Address')).toHaveAccessibleDescription('Address is required');
    expect(api.callsTo('POST', '/properties')).toHaveLength(0);
  });

  it('sends numbers as numbers and closes on success', async () => {
    const { api } = renderPage({
      'POST /properties': (call) =>
        json(201, { success: true, data: { ...riverside, ...(call.body as object), id: 9 } }),
    });
    const dialog = await openAddDialog();
    await fillValidProperty(dialog);
    await userEvent.selectOptions(within(dialog).getByLabelText('Property type'), 'Condo');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Public' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add property' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/properties')[0]?.body).toEqual({
      address: '12 Oak Lane',
      city: 'Austin',
      state: 'TX',
      zip_code: '78702',
      price: 350000,
      bedrooms: 2,
      bathrooms: 1.5,
      property_type: 'Condo',
      images: [],
      is_public: false,
      network_listed: true,
    });
    // The list is asked again after the change.
    await vi.waitFor(() => expect(api.callsTo('GET', '/properties').length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's limit message with a link to upgrade (403 PROPERTY_LIMIT_REACHED)", async () => {
    const { router } = renderPage({
      'POST /properties': () =>
        json(403, { error: 'Your Basic plan includes up to 3 properties.', code: 'PROPERTY_LIMIT_REACHED' }),
    });
    const dialog = await openAddDialog();
    await fillValidProperty(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add property' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your Basic plan includes up to 3 properties.');
    const upgrade = within(alert).getByRole('link', { name: 'Upgrade your plan' });
    expect(upgrade).toHaveAttribute('href', '/dashboard/subscription');
    await userEvent.click(upgrade);
    expect(router.state.location.pathname).toBe('/dashboard/subscription');
  });

  it('edits a property with PUT /api/properties/{id}', async () => {
    const { api } = renderPage({
      'PUT /properties/7': (call) =>
        json(200, { success: true, data: { ...riverside, ...(call.body as object) } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit 88 Riverside Drive' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit property' });
    expect(within(dialog).getByLabelText('Price (USD)')).toHaveValue(425000);
    const price = within(dialog).getByLabelText('Price (USD)');
    await userEvent.clear(price);
    await userEvent.type(price, '399000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(api.callsTo('PUT', '/properties/7')).toHaveLength(1));
    expect(api.callsTo('PUT', '/properties/7')[0]?.body).toMatchObject({
      price: 399000,
      images: ['https://img.example/riverside-1.jpg'],
    });
  });
});

describe('property photos', () => {
  it('uploads several, reorders them with the keyboard-usable buttons, and the first is the cover', async () => {
    let uploads = 0;
    const { api } = renderPage({
      'POST /uploads': () => {
        uploads += 1;
        return json(201, { success: true, url: `/uploads/photo-${uploads}.jpg`, width: 800, height: 600 });
      },
      'POST /properties': (call) =>
        json(201, { success: true, data: { ...riverside, ...(call.body as object) } }),
    });
    const dialog = await openAddDialog();
    await fillValidProperty(dialog);

    const files = [
      new File(['a'], 'front.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'kitchen.jpg', { type: 'image/jpeg' }),
    ];
    await userEvent.upload(within(dialog).getByLabelText('Add photos'), files);

    const list = await within(dialog).findByRole('list', { name: 'Photos in order' });
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const uploadCalls = api.fetchMock.mock.calls.filter(([url]) => String(url).includes('/uploads'));
    expect(String(uploadCalls[0]?.[0])).toContain('/api/uploads?kind=property');
    expect((uploadCalls[0]?.[1]?.body as FormData).get('file')).toBe(files[0]);

    const items = () => within(list).getAllByRole('listitem');
    expect(within(items()[0]!).getByText('Cover')).toBeInTheDocument();
    expect(within(items()[0]!).getByRole('img')).toHaveAttribute(
      'src',
      expect.stringContaining('photo-1.jpg'),
    );
    expect(within(dialog).getByRole('button', { name: 'Move photo 1 up' })).toBeDisabled();

    // Keyboard: focus "Move photo 2 up" and press Enter.
    const moveUp = within(dialog).getByRole('button', { name: 'Move photo 2 up' });
    moveUp.focus();
    await userEvent.keyboard('{Enter}');

    expect(within(items()[0]!).getByRole('img')).toHaveAttribute(
      'src',
      expect.stringContaining('photo-2.jpg'),
    );
    expect(within(items()[0]!).getByText('Cover')).toBeInTheDocument();
    expect(within(items()[1]!).queryByText('Cover')).not.toBeInTheDocument();
    // Focus follows the moved photo; at the top "up" is disabled, so it lands on its "down".
    expect(within(dialog).getByRole('button', { name: 'Move photo 1 down' })).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add property' }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/properties')).toHaveLength(1));
    expect(api.callsTo('POST', '/properties')[0]?.body).toMatchObject({ images: ['/uploads/photo-2.jpg'] });
  });

  it("shows the server's refusal under the picker", async () => {
    renderPage({
      'POST /uploads': () =>
        json(400, { error: "That file isn't a PNG, JPEG, WebP or GIF image.", code: 'UPLOAD_NOT_IMAGE' }),
    });
    const dialog = await openAddDialog();
    const picker = within(dialog).getByLabelText('Add photos');
    fireEvent.change(picker, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(
      await within(dialog).findByText("notes.txt: That file isn't a PNG, JPEG, WebP or GIF image."),
    ).toBeInTheDocument();
    expect(picker).toHaveAccessibleDescription("notes.txt: That file isn't a PNG, JPEG, WebP or GIF image.");
  });
});

describe('deleting a property', () => {
  it('asks first, says the bookings keep their history, then sends DELETE', async () => {
    const { api } = renderPage({ 'DELETE /properties/7': () => json(200, { success: true }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete 88 Riverside Drive' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this property?' });
    expect(dialog).toHaveTextContent('Bookings of this property keep their history.');
    expect(api.callsTo('DELETE', '/properties/7')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete property' }));
    await vi.waitFor(() => expect(api.callsTo('DELETE', '/properties/7')).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('team properties (issue 15)', () => {
  const teamProperty = {
    ...riverside,
    id: 9,
    agent_id: 'agent-2',
    team_id: 't1',
    agent_name: 'Riley Park',
    can_edit: true,
    can_assign: true,
  };

  it('an owner or admin reassigns a team property to another member; a member only reads who has it', async () => {
    const { api } = renderPage(
      {
        'GET /team': () =>
          json(200, {
            success: true,
            data: {
              role: 'owner',
              members: [
                { id: 'm1', name: 'Dana Scully', agentId: 'agent-1' },
                { id: 'm2', name: 'Riley Park', agentId: 'agent-2' },
              ],
            },
          }),
        'PUT /properties/9/agent': () =>
          json(200, {
            success: true,
            data: { ...teamProperty, agent_id: 'agent-1', agent_name: 'Dana Scully' },
          }),
      },
      [teamProperty],
    );
    const row = await screen.findByRole('listitem', { name: riverside.address });
    expect(within(row).getByText('Team')).toBeInTheDocument();
    // Assigned to someone else: not our booking link.
    expect(within(row).queryByRole('button', { name: /Copy booking link/ })).not.toBeInTheDocument();
    const select = await within(row).findByLabelText('Assigned to');
    expect(select).toHaveValue('agent-2');
    // The members come with the team: until then the list holds only the current assignee.
    await within(select).findByRole('option', { name: 'Dana Scully' });
    await userEvent.selectOptions(select, 'agent-1');
    expect(api.callsTo('PUT', '/properties/9/agent')[0]!.body).toEqual({ agent_id: 'agent-1' });
  });

  it('a member sees a team property assigned to someone else without edit, delete or assign', async () => {
    const readOnly = { ...teamProperty, can_edit: false, can_assign: false };
    const { api } = renderPage({}, [readOnly]);
    const row = await screen.findByRole('listitem', { name: riverside.address });
    expect(within(row).getByText('Assigned to Riley Park')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(row).queryByLabelText('Assigned to')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/team')).toHaveLength(0);
  });
});
