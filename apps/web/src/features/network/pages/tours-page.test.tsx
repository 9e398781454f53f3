// Issue 45 "Cross-agent tours": the planner lists the homes picked (?homes=), plans the chosen day (each time on
// its listing's clock with the zone named, the drives, the estimate note), sends the plan's stops in order with
// the client and the firm from the last request, offers "Plan again" when a time was taken meanwhile, and a tour's
// page shows each home's answer and what the re-plan did.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NETWORK_TEXTS as T } from '@keyturn/domain/listing/network';
import { NETWORK_TOUR_TEXTS } from '@keyturn/domain/routes/networkTour';
import type { NetworkTour, NetworkTourPlanAnswer } from '@keyturn/domain/schemas/networkTours';
import { json, renderAt, signedInSessionRoutes, stubApi, type RecordedCall } from '@/test/utils';
import { listingFixture } from '../test-fixtures';
import { ToursPage } from './tours-page';

const P = NETWORK_TOUR_TEXTS.page;

const listing = (id: number, address: string, textsOffered: boolean) => ({
  success: true,
  data: { ...listingFixture({ id, public_id: `pub-${id}`, address }), texts_offered: textsOffered },
});

const stop = (id: number, address: string, startsAt: string, drive: number | null) => ({
  property_id: id,
  address,
  city: 'Austin',
  listing_agent: 'Lee Lister, Oak Realty',
  time_zone: 'America/Chicago',
  starts_at: startsAt,
  ends_at: new Date(new Date(startsAt).getTime() + 30 * 60_000).toISOString(),
  drive_minutes: drive,
});

// The plan visits 8 before 7 (not the order picked): 16:00 and 16:45 UTC are 10:00 and 10:45 AM in Chicago (CST).
const plan: NetworkTourPlanAnswer = {
  date: '2031-03-08',
  feasible: true,
  stops: [
    stop(8, '2 Birch Road', '2031-03-08T16:00:00.000Z', null),
    stop(7, '7 Willow Lane', '2031-03-08T16:45:00.000Z', 15),
  ],
  total_drive_minutes: 15,
  drive_source: 'estimated',
  note: null,
};

const tour = (overrides: Partial<NetworkTour> = {}): NetworkTour => ({
  id: 't-1',
  date: '2031-03-08',
  client_name: 'Casey Client',
  note: null,
  created_at: '2031-03-01T10:00:00.000Z',
  stops: plan.stops.map((s) => ({
    ...s,
    drive_minutes: null,
    booking_id: `b-${s.property_id}`,
    state: 'requested',
    proposed_starts_at: null,
    note: null,
  })),
  ...overrides,
});

function render({
  send = () => json(201, { success: true, data: tour() }),
  planAnswer = () => json(200, { success: true, data: plan }),
  path = '/dashboard/network/tours?homes=7,8',
  routePath = '/dashboard/network/tours',
  tours = [] as NetworkTour[],
}: {
  send?: (call: RecordedCall) => Response;
  planAnswer?: (call: RecordedCall) => Response;
  path?: string;
  routePath?: string;
  tours?: NetworkTour[];
} = {}) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /network/listings/7': () => json(200, listing(7, '7 Willow Lane', false)),
    'GET /network/listings/8': () => json(200, listing(8, '2 Birch Road', true)),
    'GET /network/listings/9': () => json(404, { error: T.notListed, code: 'NOT_FOUND' }),
    'GET /network/requests': () =>
      json(200, {
        success: true,
        data: [],
        last_used: { brokerage: 'Pine Brokers', licence_number: 'TX-1' },
        own_phone: '+1 212 555 0100',
      }),
    'POST /network/tours/plan': planAnswer,
    'POST /network/tours': send,
    'GET /network/tours': () => json(200, { success: true, data: tours }),
    'GET /network/tours/t-1': () => json(200, { success: true, data: tours[0] ?? tour() }),
  });
  const result = renderAt(<ToursPage />, { path, routePath });
  return { api, result, user: userEvent.setup({ delay: null }) };
}

async function planDay(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByText('2 Birch Road, Austin')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(P.date), { target: { value: '2031-03-08' } });
  await user.click(screen.getByRole('button', { name: P.plan }));
  await screen.findByRole('heading', { name: P.planHeading });
}

async function fillClient(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(T.clientName), 'Casey Client');
  await user.type(screen.getByLabelText(T.clientEmail), 'casey@clients.test');
  await user.type(screen.getByLabelText(T.clientPhone), '+1 646 555 0101');
}

describe('Cross-agent tours', () => {
  it('lists the homes picked (a listing gone says so), removes one, and plans only 2 to 8', async () => {
    const { api, user, result } = render({ path: '/dashboard/network/tours?homes=7,8,9' });
    expect(await screen.findByText('7 Willow Lane, Austin')).toBeInTheDocument();
    expect(await screen.findByText(T.notListed)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(P.date), { target: { value: '2031-03-08' } });
    expect(screen.getByRole('button', { name: P.plan })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: P.removeHome('7 Willow Lane, Austin') }));
    expect(result.router.state.location.search).toBe('?homes=8%2C9');
    expect(screen.queryByText('7 Willow Lane, Austin')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: P.removeHome('2 Birch Road, Austin') }));
    expect(screen.getByRole('button', { name: P.plan })).toBeDisabled();
    expect(api.callsTo('POST', '/network/tours/plan')).toHaveLength(0);
  });

  it('plans the day: times on each listing’s clock with the zone, the drives and the estimate note', async () => {
    const { api, user } = render();
    await planDay(user);
    expect(api.callsTo('POST', '/network/tours/plan')[0]!.body).toEqual({
      date: '2031-03-08',
      property_ids: [7, 8],
    });
    const plan = within(screen.getByRole('heading', { name: P.planHeading }).closest('section')!);
    const stops = plan.getAllByRole('listitem');
    expect(stops[0]).toHaveTextContent('10:00 AM CST');
    expect(stops[0]).toHaveTextContent('2 Birch Road, Austin');
    expect(stops[0]).toHaveTextContent(`${T.listingAgent}: Lee Lister, Oak Realty`);
    expect(stops[1]).toHaveTextContent(P.drive(15));
    expect(stops[1]).toHaveTextContent('10:45 AM CST');
    expect(plan.getByText(P.total(15))).toBeInTheDocument();
    expect(plan.getByText(P.estimated)).toBeInTheDocument();
  });

  it('shows why a day does not fit and offers no sending', async () => {
    const { user } = render({
      planAnswer: () =>
        json(200, {
          success: true,
          data: {
            ...plan,
            feasible: false,
            stops: plan.stops.map((s) => ({ ...s, starts_at: null, ends_at: null, drive_minutes: null })),
            total_drive_minutes: 0,
            drive_source: 'routed',
            note: NETWORK_TOUR_TEXTS.noTimes('7 Willow Lane'),
          },
        }),
    });
    await planDay(user);
    expect(screen.getByText(NETWORK_TOUR_TEXTS.noTimes('7 Willow Lane'))).toBeInTheDocument();
    expect(screen.getAllByText(P.notPlaced)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: P.send })).not.toBeInTheDocument();
  });

  it('shows a home the API cannot plan next to the homes', async () => {
    const message = NETWORK_TOUR_TEXTS.noPlace('7 Willow Lane');
    const { user } = render({
      planAnswer: () =>
        json(400, { error: message, code: 'VALIDATION_ERROR', fields: { property_ids: message } }),
    });
    expect(await screen.findByText('2 Birch Road, Austin')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(P.date), { target: { value: '2031-03-08' } });
    await user.click(screen.getByRole('button', { name: P.plan }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: P.planHeading })).not.toBeInTheDocument();
  });

  it('sends the plan’s stops in order with the client, the firm from last time and own consent', async () => {
    const { api, user } = render();
    await planDay(user);
    await fillClient(user);
    expect(screen.getByLabelText(T.brokerageLabel)).toHaveValue('Pine Brokers');
    expect(screen.getByLabelText(T.licenceLabel)).toHaveValue('TX-1');
    // 2 Birch Road's agent sends texts, so the box is offered.
    await user.click(screen.getByRole('checkbox', { name: new RegExp(T.smsConsentLabel) }));
    await user.click(screen.getByRole('button', { name: P.send }));
    expect(await screen.findByText(P.sent)).toBeInTheDocument();
    expect(api.callsTo('POST', '/network/tours')[0]!.body).toEqual({
      date: '2031-03-08',
      stops: [
        { property_id: 8, starts_at: '2031-03-08T16:00:00.000Z' },
        { property_id: 7, starts_at: '2031-03-08T16:45:00.000Z' },
      ],
      client: { name: 'Casey Client', email: 'casey@clients.test', phone: '+1 646 555 0101' },
      brokerage: 'Pine Brokers',
      licence_number: 'TX-1',
      sms_consent: true,
    });
    expect(screen.getAllByText(NETWORK_TOUR_TEXTS.stateLabel('requested'))).toHaveLength(2);
  });

  it('shows the field errors next to the fields', async () => {
    const { user } = render({
      send: () =>
        json(400, {
          error: 'Check the highlighted fields',
          code: 'VALIDATION_ERROR',
          fields: { 'client.email': 'Enter a valid e-mail' },
        }),
    });
    await planDay(user);
    await fillClient(user);
    await user.click(screen.getByRole('button', { name: P.send }));
    expect(await screen.findByText('Enter a valid e-mail')).toBeInTheDocument();
    expect(screen.getByLabelText(T.clientEmail)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when a time was taken meanwhile and plans again', async () => {
    const { api, user } = render({
      send: () =>
        json(409, {
          error: NETWORK_TOUR_TEXTS.stale,
          code: 'TOUR_CHANGED',
          fields: { stops: NETWORK_TOUR_TEXTS.stale },
        }),
    });
    await planDay(user);
    await fillClient(user);
    await user.click(screen.getByRole('button', { name: P.send }));
    expect(await screen.findByText(NETWORK_TOUR_TEXTS.stale)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: P.planAgain }));
    await screen.findByRole('button', { name: P.send });
    expect(api.callsTo('POST', '/network/tours/plan')).toHaveLength(2);
    expect(screen.queryByText(NETWORK_TOUR_TEXTS.stale)).not.toBeInTheDocument();
    // What was typed stays.
    expect(screen.getByLabelText(T.clientName)).toHaveValue('Casey Client');
  });

  it('lists your tours, and a tour’s page shows each home’s answer and the re-plan note', async () => {
    const replanned = tour({
      note: NETWORK_TOUR_TEXTS.replanned(1),
      stops: [
        { ...tour().stops[0]!, state: 'confirmed' },
        { ...tour().stops[1]!, state: 'declined', note: 'The seller is away that day.' },
      ],
    });
    render({
      path: '/dashboard/network/tours/t-1',
      routePath: '/dashboard/network/tours/:id',
      tours: [replanned],
    });
    expect(await screen.findByText(NETWORK_TOUR_TEXTS.replanned(1))).toBeInTheDocument();
    expect(screen.getByText(NETWORK_TOUR_TEXTS.stateLabel('confirmed'))).toBeInTheDocument();
    expect(screen.getByText(NETWORK_TOUR_TEXTS.stateLabel('declined'))).toBeInTheDocument();
    expect(screen.getByText('The seller is away that day.')).toBeInTheDocument();
    expect(screen.getByText(P.client('Casey Client'))).toBeInTheDocument();
    expect(screen.getByText('10:00 AM CST')).toBeInTheDocument();
    expect(screen.queryByText(/Proposed by the listing’s side/)).toBeNull();
    expect(screen.getByRole('link', { name: P.allTours })).toHaveAttribute(
      'href',
      '/dashboard/network/tours',
    );
  });

  it('lists the tours under the planner, each linking to its page', async () => {
    render({
      path: '/dashboard/network/tours',
      tours: [
        tour({ stops: [{ ...tour().stops[0]!, state: 'not_sent', note: NETWORK_TOUR_TEXTS.notSent }] }),
      ],
    });
    expect(await screen.findByText(NETWORK_TOUR_TEXTS.notSent)).toBeInTheDocument();
    expect(screen.getByText('Not sent')).toBeInTheDocument();
    expect(screen.getByText(P.noHomes)).toBeInTheDocument();
    const title = P.tourTitle('Saturday, March 8, 2031');
    expect(screen.getByRole('link', { name: `${P.openTour}: ${title}` })).toHaveAttribute(
      'href',
      '/dashboard/network/tours/t-1',
    );
  });

  it('a stop its listing proposed another time for shows that time, and the time asked for beneath', async () => {
    const proposed = tour({
      stops: [{ ...tour().stops[0]!, state: 'proposed', proposed_starts_at: '2031-03-08T17:30:00.000Z' }],
    });
    render({
      path: '/dashboard/network/tours/t-1',
      routePath: '/dashboard/network/tours/:id',
      tours: [proposed],
    });
    expect(await screen.findByText('11:30 AM CST')).toBeInTheDocument();
    expect(screen.getByText(NETWORK_TOUR_TEXTS.proposedStop('10:00 AM CST'))).toBeInTheDocument();
    expect(screen.getByText(NETWORK_TOUR_TEXTS.stateLabel('proposed'))).toBeInTheDocument();
  });
});
