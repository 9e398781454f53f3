import { describe, expect, it } from 'vitest';
import { safeNextPath, withNext } from './next-path';

describe('?next= after sign-in and sign-up (issue 15: the team invitation link)', () => {
  it('follows paths of this app only, never another site', () => {
    expect(safeNextPath('/team-invitation/abc')).toBe('/team-invitation/abc');
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:1',
    ]) {
      expect(safeNextPath(bad)).toBeNull();
    }
    expect(withNext('/sign-in', '/team-invitation/a b')).toBe('/sign-in?next=%2Fteam-invitation%2Fa%20b');
  });
});
