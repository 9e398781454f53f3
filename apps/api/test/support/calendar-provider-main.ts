// Runs the test calendar provider alone on CALENDAR_PROVIDER_PORT (the browser tests start it beside the server).
import { startCalendarProvider } from './calendar-provider';

const provider = await startCalendarProvider(Number(process.env.CALENDAR_PROVIDER_PORT ?? 0));
console.log(`calendar provider on ${provider.url}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
