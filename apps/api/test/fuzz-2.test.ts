// The fuzz suite's shard 2 of 3 (test/support/fuzz-suite.ts; issue 42: the shards run side by side).
import { fuzzSuite } from './support/fuzz-suite';

fuzzSuite(1);
