// The availability bench's baseline (issue 18): a bare Fastify + pg server answering the public availability
// URL with ONE indexed query — the property's agent's active bookings around the date, through the GiST index
// of the bookings_no_overlap constraint — and nothing else (no rules, no slots, no hooks, no logging).
// What the real API costs is measured against it on the same database and the same data.
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

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`baseline listening on ${process.env.PORT}`);
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
