// The API package's folder (apps/api), found from this file whether it runs from src/ (tsx, tests) or bundled
// into dist/ (decision 080): the nearest folder above that holds the package.json of @keyturn/api.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@keyturn/api'
    )
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('the @keyturn/api package folder was not found above ' + import.meta.url);
    dir = parent;
  }
}

export const apiRoot = findApiRoot();
