// `npm run dev`: the API (restarting on change) and Vite (hot reload) together, one Ctrl-C stops both.
import concurrently from 'concurrently';

const { result } = concurrently(
  [
    { name: 'api', command: 'npm run dev -w apps/api', prefixColor: 'blue' },
    { name: 'web', command: 'npm run dev -w apps/web', prefixColor: 'magenta' },
  ],
  { killOthersOn: ['failure', 'success'], prefix: 'name' },
);

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
