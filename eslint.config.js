// Lint rules for the whole workspace. The import boundaries of docs/architecture.md are enforced here:
// web never imports api code, api never imports web code, and web features never import each other.
// Import circles and the API's layers (plumbing and adapters import no capability) are checked by
// dependency-cruiser (.dependency-cruiser.cjs), the other half of `npm run lint`.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const noApiFromWeb = {
  group: ['**/apps/api/**', '@keyturn/api', '@keyturn/api/**'],
  message: 'Web must not import API code.',
};
// The predictive model pulls in its ML library: it runs on the server only (issue 13).
const noServerOnlyDomainFromWeb = {
  group: ['@keyturn/domain/insights/predictive'],
  message: 'The predictive model runs on the server only.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/artifacts/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { patterns: [noApiFromWeb, noServerOnlyDomainFromWeb] }],
    },
  },
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noApiFromWeb,
            noServerOnlyDomainFromWeb,
            {
              group: features
                .filter((f) => f !== feature)
                .flatMap((f) => [`@/features/${f}/**`, `**/features/${f}/**`, `../${f}/**`, `../../${f}/**`]),
              message:
                'Features must not import each other: share through components/, lib/ or @keyturn/domain.',
            },
          ],
        },
      ],
    },
  })),
  // Files a reader can hold (issue 28, decision 038): at most 500 lines, counted as `wc -l` counts them (blank
  // lines and comments included), for every source file except tests, test support, fixtures and migrations.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.spec.ts',
      'apps/api/test/**',
      'e2e/tests/**',
      '**/fixtures/**',
      'apps/api/drizzle/**',
    ],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@keyturn/web', '@keyturn/web/**'],
              message: 'API must not import web code.',
            },
          ],
        },
      ],
    },
  },
);
