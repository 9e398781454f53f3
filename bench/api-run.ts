// `npm run bench:api -w bench`: only the API figures of `npm run bench` (availability against the bare baseline,
// bookings/s, and with BENCH_SCALE=1 the 1M-booking run), one JSON line each. BENCH_API_PARTS picks runs.
import { apiBench } from './api';

await apiBench((figure) => console.log(JSON.stringify(figure)));
