// Issue 31: the recording the replaying provider server (test/support/openai-replay.ts) answers from, one entry
// per corpus message. HONESTLY: this is NOT a recording of a real model. It is what a CORRECT model would call,
// written from each message's expected outcome in the corpus: a home named (or a purpose needing none) →
// find_slots with the expected dates and window, then an offer; no single home → search_properties, then the
// question which home; not understood → a reply saying so, in the buyer's language. So the provider test
// measures OUR side of the provider path (what we send, which tool calls we accept and run, what the buyer
// gets), never a model's understanding. `provider-recording.json` is written by `npx tsx
// test/assistant/record-provider.ts` (in apps/api) and the test checks it still matches the corpus.
import { PROPERTY_PURPOSES, type BookingPurpose } from '@keyturn/domain/enums';
import { recordingKey, type Recording, type ReplayedMessage } from '../support/openai-replay';
import { days } from './corpus-buyers';
import { ALL_CORPUS, type CorpusEntry } from './corpus';

const plus30 = (time: string) => {
  const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** The wall-clock window a correct model would pass to find_slots ('24:00' is no bound). */
export function windowOf(entry: CorpusEntry): { from: string; to: string } | null {
  const e = entry.expect;
  if (e.time) return { from: e.time, to: plus30(e.time) };
  return e.window ? { from: e.window.from, to: e.window.to } : null;
}

/** The dates a correct model would ask for: the expected ones, else the coming week without excluded days. */
export function datesOf(entry: CorpusEntry): string[] {
  if (entry.expect.dates) return entry.expect.dates;
  const excluded = new Set(entry.expect.excluded ?? []);
  return days(entry.today, 8)
    .slice(1)
    .filter((d) => !excluded.has(new Date(`${d}T12:00:00Z`).getUTCDay()));
}

function recordedTurn(entry: CorpusEntry): ReplayedMessage[] {
  const e = entry.expect;
  const es = e.language === 'es';
  if (e.understood === false)
    return [
      {
        content: es
          ? 'No lo he entendido. Pruebe, por ejemplo: «el sábado por la mañana».'
          : 'I didn\'t catch that. Try for example "Saturday morning".',
      },
    ];
  const purpose = (e.purpose ?? 'property_viewing') as BookingPurpose;
  const homes = e.properties ?? [];
  if (PROPERTY_PURPOSES.includes(purpose) && homes.length !== 1)
    return [
      { tool_calls: [{ name: 'search_properties', arguments: {} }] },
      { content: es ? '¿Qué casa quiere ver?' : 'Which home would you like to see?' },
    ];
  const window = windowOf(entry);
  const args: Record<string, unknown> = {
    property_id: PROPERTY_PURPOSES.includes(purpose) ? homes[0]! : null,
    booking_purpose: purpose,
    dates: datesOf(entry),
    ...(window && window.from !== '00:00' ? { after: window.from } : {}),
    ...(window && window.to !== '24:00' ? { before: window.to } : {}),
  };
  return [
    { tool_calls: [{ name: 'find_slots', arguments: args }] },
    { content: es ? 'Estas son las horas libres.' : 'Here are the free times.' },
  ];
}

export function recordingOf(entries: CorpusEntry[] = ALL_CORPUS): Recording {
  const recording: Recording = {};
  for (const entry of entries) recording[recordingKey(entry.today, entry.text)] = recordedTurn(entry);
  return recording;
}
