// Writes provider-recording.json from the corpus (see provider-recording.ts): in apps/api, `npx tsx
// test/assistant/record-provider.ts && npx prettier --write test/assistant/provider-recording.json`.
import { writeFileSync } from 'node:fs';
import { recordingOf } from './provider-recording';

writeFileSync(
  new URL('./provider-recording.json', import.meta.url),
  `${JSON.stringify(recordingOf(), null, 2)}\n`,
);
