import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { SELLER_APPROVAL_MESSAGES as M } from '@keyturn/domain/listing/sellerApprovalTexts';
import type { SellerApprovalView } from '@keyturn/domain/schemas/sellerApproval';
import { loadLocale } from '@/lib/i18n';
import { json, renderAt, stubApi } from '@/test/utils';
import { SellerApprovalPage } from './seller-approval-page';

const view = (overrides: Partial<SellerApprovalView> = {}): SellerApprovalView => ({
  action: 'approve',
  status: 'open',
  link_used: false,
  contact_name: 'Pat Seller',
  agent_name: 'Dana Scully',
  answered_by: null,
  booking_status: 'pending',
  cancelled_by: null,
  address: '7 Willow Lane, Springfield',
  starts_at: '2031-03-04T19:00:00.000Z',
  time_zone: 'America/New_York',
  when: { date: 'Tuesday, March 4, 2031', time: '2:00 PM', zone: 'EST' },
  open_times: [],
  today: '2031-03-01',
  ...overrides,
});

const render = () =>
  renderAt(<SellerApprovalPage />, { path: '/seller-approval?token=tok-1', routePath: '/seller-approval' });

describe("the seller's approval page (/seller-approval, issue 32)", () => {
  it('shows the showing in the property’s zone; Approve sends the token once and says what happened', async () => {
    const api = stubApi({
      'GET /seller-approval': () => json(200, { success: true, data: view() }),
      'POST /seller-approval/approve': () =>
        json(200, { success: true, data: { status: 'approved', message: M.approved } }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: M.approve }));
    expect(await screen.findByRole('status')).toHaveTextContent(M.approved);
    expect(api.callsTo('POST', '/seller-approval/approve')[0]!.body).toEqual({
      token: 'tok-1',
      locale: 'en',
    });
    expect(screen.getByText('Tuesday, March 4, 2031, 2:00 PM EST')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.approve })).toBeNull();
  });

  it('propose: the open times of a date, one picked, sent as its instant', async () => {
    const api = stubApi({
      'GET /seller-approval': () =>
        json(200, {
          success: true,
          data: view({
            action: 'propose',
            open_times: [
              { starts_at: '2031-03-05T15:00:00.000Z', date: '2031-03-05', time: '10:00 AM' },
              { starts_at: '2031-03-05T15:30:00.000Z', date: '2031-03-05', time: '10:30 AM' },
            ],
          }),
        }),
      'POST /seller-approval/propose': () =>
        json(200, { success: true, data: { status: 'proposed', message: M.proposed } }),
    });
    render();
    const send = await screen.findByRole('button', { name: M.propose });
    expect(send).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '10:30 AM' }));
    await userEvent.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent(M.proposed);
    expect(api.callsTo('POST', '/seller-approval/propose')[0]!.body).toEqual({
      token: 'tok-1',
      locale: 'en',
      starts_at: '2031-03-05T15:30:00.000Z',
    });
  });

  it('a used link says so and offers nothing', async () => {
    stubApi({ 'GET /seller-approval': () => json(200, { success: true, data: view({ link_used: true }) }) });
    render();
    expect(await screen.findByText(M.linkUsed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.approve })).toBeNull();
  });

  it('a spent link says what the answer was and who gave it (issue 39 §10)', async () => {
    stubApi({
      'GET /seller-approval': () =>
        json(200, {
          success: true,
          data: view({ action: 'decline', status: 'approved', answered_by: 'Sam Occupant' }),
        }),
    });
    render();
    expect(
      await screen.findByText('Sam Occupant approved this request: the showing is confirmed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.decline })).toBeNull();
    expect(screen.queryByText(/Someone/)).toBeNull();
  });

  it('a spent link of a cancelled showing says it was cancelled, not that someone answered', async () => {
    stubApi({
      'GET /seller-approval': () =>
        json(200, {
          success: true,
          data: view({ action: 'approve', status: 'withdrawn', booking_status: 'cancelled' }),
        }),
    });
    render();
    expect(
      await screen.findByText('This showing request was cancelled: there is nothing to answer.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.approve })).toBeNull();
  });

  it('an unknown link is 404: the page says the link is not valid', async () => {
    stubApi({
      'GET /seller-approval': () => json(404, { error: M.linkInvalid, code: 'APPROVAL_LINK_INVALID' }),
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(M.linkInvalid);
  });
});

describe("the seller's approval page in Spanish (issue 43)", () => {
  beforeAll(() => loadLocale('es'));
  const renderEs = () =>
    renderAt(<SellerApprovalPage />, {
      path: '/seller-approval?token=tok-1',
      routePath: '/seller-approval',
      locale: 'es',
    });

  it('approve: the request, its time in es-US and the answer in Spanish', async () => {
    const api = stubApi({
      'GET /seller-approval': () => json(200, { success: true, data: view() }),
      'POST /seller-approval/approve': () =>
        json(200, { success: true, data: { status: 'approved', message: M.approved } }),
    });
    renderEs();
    expect(
      await screen.findByRole('heading', { name: 'Una solicitud de visita a su propiedad' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Hola, Pat: Dana Scully tiene una solicitud de visita a su propiedad.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Horario solicitado')).toBeInTheDocument();
    expect(screen.getByText('martes, 4 de marzo de 2031, 2:00 p.m. EST')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Gracias. La visita está confirmada y se lo hemos comunicado al comprador.',
    );
    expect(api.callsTo('POST', '/seller-approval/approve')[0]!.body).toEqual({
      token: 'tok-1',
      locale: 'es',
    });
    expect(screen.queryByText(M.approved)).toBeNull();
  });

  it('decline: the reason field and its hint in Spanish; the answer in Spanish', async () => {
    const api = stubApi({
      'GET /seller-approval': () => json(200, { success: true, data: view({ action: 'decline' }) }),
      'POST /seller-approval/decline': () =>
        json(200, { success: true, data: { status: 'declined', message: M.declined } }),
    });
    renderEs();
    await userEvent.type(await screen.findByLabelText('Motivo (opcional)'), 'Estamos de viaje');
    expect(screen.getByLabelText('Motivo (opcional)')).toHaveAccessibleDescription(
      /El comprador leerá este motivo tal como usted lo escriba/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Gracias. Le hemos comunicado al comprador que este horario no es posible.',
    );
    expect(api.callsTo('POST', '/seller-approval/decline')[0]!.body).toEqual({
      token: 'tok-1',
      locale: 'es',
      reason: 'Estamos de viaje',
    });
  });

  it('propose: Spanish dates and times of the property’s zone; the picked instant is sent', async () => {
    const api = stubApi({
      'GET /seller-approval': () =>
        json(200, {
          success: true,
          data: view({
            action: 'propose',
            open_times: [
              { starts_at: '2031-03-05T15:00:00.000Z', date: '2031-03-05', time: '10:00 AM' },
              { starts_at: '2031-03-05T15:30:00.000Z', date: '2031-03-05', time: '10:30 AM' },
            ],
          }),
        }),
      'POST /seller-approval/propose': () =>
        json(200, { success: true, data: { status: 'proposed', message: M.proposed } }),
    });
    renderEs();
    const send = await screen.findByRole('button', { name: 'Proponer otro horario' });
    expect(screen.getByRole('option', { name: 'miércoles, 5 de marzo de 2031' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Hora (EST)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '10:30 a.m.' }));
    await userEvent.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Gracias. Le hemos ofrecido al comprador el horario que usted propuso.',
    );
    expect(api.callsTo('POST', '/seller-approval/propose')[0]!.body).toEqual({
      token: 'tok-1',
      locale: 'es',
      starts_at: '2031-03-05T15:30:00.000Z',
    });
  });

  it('block: "Esta noche no" is sent with the page’s language (the seller’s messages follow it)', async () => {
    const api = stubApi({
      'GET /seller-approval': () => json(200, { success: true, data: view({ action: 'block' }) }),
      'POST /seller-approval/block': () =>
        json(200, { success: true, data: { status: 'declined', message: M.blockedAndDeclined } }),
    });
    renderEs();
    await userEvent.click(await screen.findByRole('button', { name: 'Esta noche no' }));
    await screen.findByRole('status');
    expect(api.callsTo('POST', '/seller-approval/block')[0]!.body).toEqual({
      token: 'tok-1',
      locale: 'es',
      tonight: true,
    });
  });

  it('a spent link names who answered, in Spanish', async () => {
    stubApi({
      'GET /seller-approval': () =>
        json(200, {
          success: true,
          data: view({ action: 'decline', status: 'approved', answered_by: 'Sam Occupant' }),
        }),
    });
    renderEs();
    expect(
      await screen.findByText('Sam Occupant aprobó esta solicitud: la visita está confirmada.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rechazar' })).toBeNull();
  });
});
