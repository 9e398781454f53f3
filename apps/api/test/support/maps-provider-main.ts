// Runs the test maps server alone on MAPS_PROVIDER_PORT (the browser tests start it beside the server): map
// tiles, a Nominatim search and an OSRM router on 127.0.0.1, so no browser test calls a public service.
import { startMapsServer } from './maps-server';

const maps = await startMapsServer(Number(process.env.MAPS_PROVIDER_PORT ?? 0));
console.log(`maps provider on ${maps.url}`);
const stop = () => void maps.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
