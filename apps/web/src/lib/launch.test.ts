// The launch answer on the marketing pages (issue 40) without zod in their first load (issue 48, decision 099):
// the domain module the site header imports makes no schema at its top level; the answer's schema lives apart.
import { describe, expect, it } from 'vitest';
import { LAUNCH_TEXTS, LAUNCH_URL } from '@keyturn/domain/launch';
import { launchStateSchema } from '@keyturn/domain/schemas/launch';

/** The domain's sources, by path from its src folder. */
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../../../packages/domain/src/**/*.ts', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([file, text]) => [file.split('/packages/domain/src/')[1] ?? file, text]),
);

/** Every module `file` loads (its static imports, not `import type`, followed), itself included. */
function loadedFrom(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = SOURCES[file];
  if (source === undefined) return seen;
  for (const [, specifier] of source.matchAll(/^import (?!type\b)[^'"]*['"]([^'"]+)['"]/gm)) {
    if (specifier === undefined) continue;
    if (!specifier.startsWith('.')) {
      seen.add(specifier);
      continue;
    }
    const parts = [...file.split('/').slice(0, -1), ...specifier.split('/')];
    const resolved: string[] = [];
    for (const part of parts) {
      if (part === '..') resolved.pop();
      else if (part !== '.') resolved.push(part);
    }
    loadedFrom(`${resolved.join('/')}.ts`, seen);
  }
  return seen;
}

describe('the launch answer on the marketing pages', () => {
  it('the domain module every marketing page imports loads no zod; the schema module does', () => {
    const loaded = loadedFrom('launch.ts');
    expect(loaded.has('constants.ts')).toBe(true);
    expect([...loaded].filter((module) => module === 'zod' || module.startsWith('zod/'))).toEqual([]);
    expect(loadedFrom('schemas/launch.ts').has('zod')).toBe(true);
  });

  it('the answer is { launched } and nothing else', () => {
    expect(LAUNCH_URL).toBe('/api/public/launch');
    expect(launchStateSchema.parse({ launched: true })).toEqual({ launched: true });
    expect(launchStateSchema.safeParse({ launched: 'yes' }).success).toBe(false);
    expect(LAUNCH_TEXTS.startTrial).toBe('Start free trial');
  });
});
