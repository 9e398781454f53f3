// Issue 45 "Listing documents" in the web app: the agent's dialog for a listing (upload with the rule explained,
// a refusal shown on its field, rename, rule change, delete, requests approved), the booking page's public list
// and the buyer's manage page with its Request button.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import toast from 'react-hot-toast';
import { DOCUMENT_TEXTS, type AgentDocument, type BuyerDocument } from '@keyturn/domain/listing/documents';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { DocumentsButton } from './documents-button';
import { DocumentsDialog } from './documents-dialog';
import { LazyBuyerDocuments, LazyPublicDocuments } from './lazy-documents';

const T = DOCUMENT_TEXTS;
const property = { id: 42, address: '12 Main St' };

const doc = (overrides: Partial<AgentDocument> = {}): AgentDocument => ({
  id: 'doc-1',
  property_id: 42,
  name: 'Seller disclosure',
  rule: 'with_confirmation',
  content_type: 'application/pdf',
  size_bytes: 840 * 1024,
  downloads: 3,
  created_at: '2026-01-05T15:00:00.000Z',
  url: 'http://keyturn.test/api/documents/download?token=a',
  ...overrides,
});

afterEach(() => toast.remove());

function renderDialog(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /document-requests': () => json(200, { success: true, data: [] }),
    ...routes,
  });
  renderAt(<DocumentsDialog property={property} onClose={() => {}} />, { path: '/dashboard/properties' });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('the agent’s documents dialog', () => {
  it('lists documents with their rule and downloads, and uploads one with its name and rule', async () => {
    let uploaded = false;
    const { api, user } = renderDialog({
      'GET /properties/42/documents': () =>
        json(200, {
          success: true,
          data: uploaded
            ? [doc(), doc({ id: 'doc-2', name: 'Floor plan', rule: 'public', downloads: 0 })]
            : [doc()],
        }),
      'POST /properties/42/documents': () => {
        uploaded = true;
        return json(201, { success: true, data: doc({ id: 'doc-2', name: 'Floor plan', rule: 'public' }) });
      },
    });
    const item = await screen.findByRole('listitem', { name: 'Seller disclosure' });
    expect(within(item).getByText(/840 KB · 3 downloads/)).toBeInTheDocument();
    expect(within(item).getByLabelText(`${T.upload.rule} (Seller disclosure)`)).toHaveValue(
      'with_confirmation',
    );

    const file = new File(['%PDF-1.4 …%%EOF'], 'floor-plan.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(T.upload.file), file);
    expect(screen.getByLabelText(T.upload.name)).toHaveValue('floor-plan');
    await user.clear(screen.getByLabelText(T.upload.name));
    await user.type(screen.getByLabelText(T.upload.name), 'Floor plan');
    await user.selectOptions(screen.getByLabelText(T.upload.rule), 'on_request');
    expect(screen.getByText(T.rules.on_request.explain)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(T.upload.rule), 'public');
    await user.click(screen.getByRole('button', { name: T.upload.submit }));
    await screen.findByRole('listitem', { name: 'Floor plan' });
    const [, init] = api.fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    const form = init!.body as FormData;
    expect(form.get('name')).toBe('Floor plan');
    expect(form.get('rule')).toBe('public');
    expect((form.get('file') as File).name).toBe('floor-plan.pdf');
  });

  it('shows the server’s refusal on the file field', async () => {
    const { user } = renderDialog({
      'GET /properties/42/documents': () => json(200, { success: true, data: [] }),
      'POST /properties/42/documents': () =>
        json(415, {
          error: T.errors.notAllowed,
          code: 'DOCUMENT_TYPE_NOT_ALLOWED',
          fields: { file: T.errors.notAllowed },
        }),
    });
    expect(await screen.findByText(T.list.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.upload.submit }));
    expect(await screen.findByText(T.errors.noFile)).toBeInTheDocument();
    await user.upload(screen.getByLabelText(T.upload.file), new File(['MZ'], 'setup.pdf'));
    await user.click(screen.getByRole('button', { name: T.upload.submit }));
    expect(await screen.findByText(T.errors.notAllowed)).toBeInTheDocument();
  });

  it('renames, changes the rule, deletes after a confirmation, and decides requests', async () => {
    const { api, user } = renderDialog({
      'GET /properties/42/documents': () => json(200, { success: true, data: [doc()] }),
      'PATCH /properties/42/documents/doc-1': () => json(200, { success: true, data: doc() }),
      'DELETE /properties/42/documents/doc-1': () => json(200, { success: true }),
      'GET /document-requests': () =>
        json(200, {
          success: true,
          data: [
            {
              id: 'req-1',
              document_id: 'doc-1',
              document_name: 'Seller disclosure',
              property_id: 42,
              property_address: '12 Main St',
              booking_id: 'b-1',
              client_name: 'Erin Buyer',
              client_email: 'erin@example.com',
              requested_at: '2026-01-05T15:00:00.000Z',
            },
          ],
        }),
      'POST /document-requests/req-1/approve': () =>
        json(200, { success: true, data: { id: 'req-1', status: 'approved' } }),
    });
    const item = within(await screen.findByRole('listitem', { name: 'Seller disclosure' }));
    const name = item.getByLabelText(`${T.upload.name} (Seller disclosure)`);
    await user.clear(name);
    await user.type(name, 'Disclosure 2026');
    await user.click(item.getByRole('button', { name: T.list.rename }));
    await user.selectOptions(item.getByLabelText(`${T.upload.rule} (Seller disclosure)`), 'after_showing');
    const patches = api.callsTo('PATCH', '/properties/42/documents/doc-1').map((c) => c.body);
    expect(patches).toEqual([{ name: 'Disclosure 2026' }, { rule: 'after_showing' }]);

    expect(
      await screen.findByText(T.requests.line('Erin Buyer', 'Seller disclosure'), { exact: false }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.requests.approve }));
    expect(await screen.findByText(T.requests.approved)).toBeInTheDocument();
    expect(api.callsTo('POST', '/document-requests/req-1/approve')).toHaveLength(1);

    await user.click(item.getByRole('button', { name: T.list.delete }));
    const confirm = within(
      await screen.findByRole('dialog', { name: T.list.deleteConfirm('Seller disclosure') }),
    );
    expect(api.callsTo('DELETE', '/properties/42/documents/doc-1')).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: T.list.delete }));
    await screen.findByText(T.requests.heading);
    expect(api.callsTo('DELETE', '/properties/42/documents/doc-1')).toHaveLength(1);
  });
});

describe('the Documents button of a listing', () => {
  it('shows the requests waiting for this listing and opens the dialog on a click', async () => {
    const request = (id: string, propertyId: number) => ({
      id,
      document_id: 'doc-1',
      document_name: 'Survey',
      property_id: propertyId,
      property_address: '12 Main St',
      booking_id: 'b-1',
      client_name: 'Erin Buyer',
      client_email: 'erin@example.com',
      requested_at: '2026-01-05T15:00:00.000Z',
    });
    const api = stubApi({
      ...signedInSessionRoutes(),
      'GET /document-requests': () =>
        json(200, { success: true, data: [request('r1', 42), request('r2', 42), request('r3', 7)] }),
      'GET /properties/42/documents': () => json(200, { success: true, data: [doc()] }),
    });
    renderAt(<DocumentsButton property={property} />, { path: '/dashboard/properties' });
    const button = await screen.findByRole('button', { name: 'Documents of 12 Main St (2 requests)' });
    expect(api.callsTo('GET', '/properties/42/documents')).toHaveLength(0);
    await userEvent.setup({ delay: null }).click(button);
    expect(await screen.findByRole('dialog', { name: `${T.section}: 12 Main St` })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Seller disclosure' })).toBeInTheDocument();
  });
});

describe('the public pages', () => {
  it('lists the booking page’s public documents with their links', async () => {
    stubApi({
      'GET /booking/properties/abc123/documents': () =>
        json(200, {
          success: true,
          data: [
            {
              id: 'doc-1',
              name: 'Brochure',
              content_type: 'application/pdf',
              size_bytes: 3.2 * 1024 * 1024,
              url: 'http://keyturn.test/api/documents/download?token=p',
              expires_at: '2026-01-05T16:00:00.000Z',
            },
          ],
        }),
    });
    renderAt(<LazyPublicDocuments propertyId="abc123" />, { path: '/booking' });
    const link = await screen.findByRole('link', { name: 'Brochure' });
    expect(link).toHaveAttribute('href', 'http://keyturn.test/api/documents/download?token=p');
    expect(screen.getByText('(3.2 MB)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: T.buyer.heading })).toBeInTheDocument();
  });

  it('shows the buyer their documents, and requests an on-request one', async () => {
    const buyerDoc = (overrides: Partial<BuyerDocument>): BuyerDocument => ({
      id: 'd',
      name: 'Doc',
      content_type: 'application/pdf',
      size_bytes: 2048,
      rule: 'with_confirmation',
      access: 'available',
      request_status: null,
      url: null,
      ...overrides,
    });
    let requested = false;
    const api = stubApi({
      'GET /booking/manage/tok/documents': () =>
        json(200, {
          success: true,
          data: [
            buyerDoc({
              id: 'd1',
              name: 'Disclosure',
              url: 'http://keyturn.test/api/documents/download?token=b',
            }),
            buyerDoc({ id: 'd2', name: 'Comparables', rule: 'after_showing', access: 'later' }),
            buyerDoc({
              id: 'd3',
              name: 'Survey',
              rule: 'on_request',
              access: 'requestable',
              request_status: requested ? 'pending' : null,
            }),
          ],
        }),
      'POST /booking/manage/tok/documents/d3/request': () => {
        requested = true;
        return json(200, {
          success: true,
          data: buyerDoc({ id: 'd3', access: 'requestable', request_status: 'pending' }),
        });
      },
    });
    renderAt(<LazyBuyerDocuments token="tok" />, { path: '/booking/manage' });
    expect(await screen.findByRole('link', { name: T.list.download })).toHaveAttribute(
      'href',
      'http://keyturn.test/api/documents/download?token=b',
    );
    expect(screen.getByText(T.buyer.afterShowing)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: `${T.buyer.request}: Survey` }));
    expect(await screen.findByText(T.buyer.states.pending)).toBeInTheDocument();
    expect(api.callsTo('POST', '/booking/manage/tok/documents/d3/request')).toHaveLength(1);
  });
});
