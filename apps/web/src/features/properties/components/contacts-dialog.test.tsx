// A property's "Sellers and occupants" (issue 32 §2) and the language of a contact's messages (issue 43): the form
// shows "Language for messages" (the agent's default, English or Español), the current choice selected, and saves
// what was picked — null for the agent's default.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PropertyContact } from '@keyturn/domain/schemas/contacts';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { ContactsDialog } from './contacts-dialog';

const property = { id: 41, address: '7 Willow Lane' };
const pat: PropertyContact = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  property_id: property.id,
  name: 'Pat Seller',
  email: 'pat@sellers.test',
  phone: null,
  role: 'seller',
  gets: { approvals: true, notices: true, feedback: false, weeklyReport: false },
  channel: 'email',
  sms_consent_at: null,
  language: 'es',
  created_at: '2031-01-01T00:00:00.000Z',
};
const contactsUrl = `/properties/${property.id}/contacts`;

function stub(contacts: PropertyContact[]) {
  return stubApi({
    ...signedInSessionRoutes(),
    [`GET ${contactsUrl}`]: () => json(200, { success: true, data: contacts }),
    [`GET /properties/${property.id}/thread-settings`]: () =>
      json(200, { success: true, data: { sellers_in_thread: false } }),
    [`POST ${contactsUrl}`]: (call) =>
      json(201, { success: true, data: { ...pat, ...(call.body as object) } }),
    [`PATCH ${contactsUrl}/${pat.id}`]: (call) =>
      json(200, { success: true, data: { ...pat, ...(call.body as object) } }),
  });
}

const render = () =>
  renderAt(<ContactsDialog property={property} onClose={() => {}} />, { path: '/dashboard/properties' });

describe('ContactsDialog: the language of a contact’s messages', () => {
  it('a new contact: "Language for messages" offers the agent’s default (chosen), English and Español; Español is saved as es', async () => {
    const api = stub([]);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a contact' }));
    const select = screen.getByLabelText('Language for messages');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(["Agent's default", 'English', 'Español']);
    expect(within(select).getByRole('option', { selected: true }).textContent).toBe("Agent's default");
    await userEvent.type(screen.getByLabelText(/^Name/), 'Pat Seller');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'pat@sellers.test');
    await userEvent.selectOptions(select, 'Español');
    await userEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    await vi.waitFor(() => expect(api.callsTo('POST', contactsUrl)).toHaveLength(1));
    expect(api.callsTo('POST', contactsUrl)[0]!.body).toMatchObject({
      name: 'Pat Seller',
      email: 'pat@sellers.test',
      language: 'es',
    });
  });

  it('an existing contact shows their language; back to the agent’s default saves null', async () => {
    const api = stub([pat]);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const select = screen.getByLabelText('Language for messages');
    expect(within(select).getByRole('option', { selected: true }).textContent).toBe('Español');
    await userEvent.selectOptions(select, "Agent's default");
    await userEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    await vi.waitFor(() => expect(api.callsTo('PATCH', `${contactsUrl}/${pat.id}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `${contactsUrl}/${pat.id}`)[0]!.body).toMatchObject({ language: null });
  });

  it('the list says a contact’s own language (Español), and nothing for one on the agent’s default', async () => {
    stub([
      pat,
      { ...pat, id: 'c0ffee00-0000-4000-8000-000000000002', name: 'Olly Occupant', language: null },
    ]);
    render();
    expect(await screen.findByText('pat@sellers.test · E-mail · Español')).toBeInTheDocument();
    expect(screen.getAllByText(/pat@sellers\.test · E-mail/).map((p) => p.textContent)).toEqual([
      'pat@sellers.test · E-mail · Español',
      'pat@sellers.test · E-mail',
    ]);
  });
});
