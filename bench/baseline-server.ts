// The API bench's baseline (issue 18): a bare Fastify + pg server, nothing else (no rules, no slots, no hooks,
// no logging), on the same database and the same data as the real API:
// - GET /api/booking/availability/:propertyId/:date with ONE indexed query — the property's agent's active
//   bookings around the date, through the GiST index of the bookings_no_overlap constraint;
// - POST /api/booking with ONE statement — the booking row inserted at the agent's wall-clock date and time,
//   the same table and the same EXCLUDE constraint (an overlap answers 409), autocommitted.
// What the real API costs is measured against it.
// Started by bench/api.ts: `node --import tsx bench/baseline-server.ts` with DATABASE_URL and PORT.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get<{ Params: { propertyId: string; date: string } }>(
  '/api/booking/availability/:propertyId/:date',
  async (req) => {
    const { rows } = await pool.query({
      name: 'baseline-busy',
      text: `select b.starts_at, b.ends_at
             from properties p
             join bookings b on b.agent_id = p.agent_id
             where p.id = $1
               and b.status in ('pending', 'confirmed')
               and tstzrange(b.starts_at, b.ends_at, '[)')
                   && tstzrange($2::date - 2, $2::date + 3, '[)')`,
      values: [Number(req.params.propertyId), req.params.date],
    });
    return { busy: rows };
  },
);

type BookingBody = {
  agent_id: string;
  property_id: number | null;
  client_name: string;
  client_email: string;
  client_phone: string;
  buyer_type: string;
  budget_min: number | null;
  budget_max: number | null;
  booking_purpose: string;
  booking_date: string;
  booking_time: string;
};

app.post<{ Body: BookingBody }>('/api/booking', async (req, reply) => {
  const b = req.body;
  try {
    const { rows } = await pool.query({
      name: 'baseline-book',
      text: `insert into bookings (agent_id, property_id, client_name, client_email, client_phone, buyer_type,
                                   budget_min, budget_max, booking_purpose, status, starts_at, ends_at,
                                   manage_token, public_id)
             select a.id, $2, $3, $4, $5, $6, $7, $8, $9, 'confirmed', s.at, s.at + interval '30 minutes',
                    md5(random()::text), md5(random()::text)
             from agents a, lateral (select ($10::date + $11::time) at time zone a.time_zone as at) s
             where a.id = $1
             returning id, starts_at, ends_at`,
      values: [
        b.agent_id,
        b.property_id,
        b.client_name,
        b.client_email,
        b.client_phone,
        b.buyer_type,
        b.budget_min,
        b.budget_max,
        b.booking_purpose,
        b.booking_date,
        b.booking_time,
      ],
    });
    return reply.code(201).send({ booking: rows[0] });
  } catch (err) {
    if ((err as { code?: string }).code === '23P01') return reply.code(409).send({ error: 'SLOT_TAKEN' });
    throw err;
  }
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`baseline listening on ${process.env.PORT}`);
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
