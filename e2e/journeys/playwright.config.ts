// The five journeys of issue 29, walked once as new users (walk.spec.ts): the main config's servers and
// settings, this folder as the test folder, so `npm test` (testDir e2e/tests) never runs it.
import { defineConfig } from '@playwright/test';
import base from '../playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: '.',
  outputDir: '../test-results/journeys',
  globalSetup: '../support/global-setup.ts',
  timeout: 300_000,
  // A step whose control is missing fails in 15 s and the walk goes on (walk.spec.ts's step()).
  use: { ...base.use, actionTimeout: 15_000, navigationTimeout: 30_000 },
});
