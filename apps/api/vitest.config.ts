import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The longest files first (issue 42). With two files at a time, a long file started late runs alone at the end;
 * without vitest's cache of durations (a fresh clone, CI) its order is by file size, which puts the three-line
 * fuzz shards last. Measured on two cores: the start-together rounds about 300 s, each fuzz shard about 200 s,
 * then the demo, the server and the backups (60–100 s). Other files keep vitest's order.
 */
const LONGEST = [
  // The waiting run's three long files first, so the short ones fill in beside them (issue 42: last in, the
  // multi-server file ran alone for a minute).
  /\/multi-server\.test\.ts$/,
  /\/notifications\.test\.ts$/,
  /\/database-supervision\.test\.ts$/,
  /\/start-together\.test\.ts$/,
  /\/fuzz-\d\.test\.ts$/,
  /\/demo\.test\.ts$/,
  /\/server\.test\.ts$/,
  /\/backup-restore\.test\.ts$/,
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((pattern) => pattern.test(file.moduleId));
      return at < 0 ? LONGEST.length : at;
    };
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    sequence: { sequencer: LongestFirst },
    // A file's modules stay loaded in its worker for the next file (decision 079): every file builds its own app
    // on its own database and ports, and what the modules keep (caches keyed by agent, Stripe clients keyed by
    // key and address) is keyed by what differs between files. Importing the app again for each of the 114
    // files was 300 of the second run's 1,050 worker-seconds.
    isolate: false,
  },
});
