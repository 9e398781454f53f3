import { describe, expect, it } from 'vitest';
import { isAppPath } from './appPaths';
import { embedPath, embedSnippet, hostOriginOf, isEmbedPath } from './embed';

describe('embed addresses (decision 057)', () => {
  it('names the agent and property embeds under /embed/, which are app pages', () => {
    const agent = embedPath({ kind: 'agent', id: 'f87781d4-10a7-44b1-8dce-dd9086c8c53a' });
    const property = embedPath({ kind: 'property', id: 'a'.repeat(32) });
    expect(agent).toBe('/embed/bookme/f87781d4-10a7-44b1-8dce-dd9086c8c53a');
    expect(property).toBe(`/embed/property/${'a'.repeat(32)}`);
    expect(embedPath({ kind: 'agent', id: 'a/b?c' })).toBe('/embed/bookme/a%2Fb%3Fc');
    for (const path of [agent, property]) {
      expect(isEmbedPath(path)).toBe(true);
      expect(isAppPath(path)).toBe(true);
    }
    expect(isEmbedPath('/EMBED/bookme/x?step=calendar')).toBe(true);
    for (const path of ['/embed.js', '/embedded/x', '/bookme/x', '/dashboard', '/']) {
      expect(isEmbedPath(path), path).toBe(false);
    }
  });

  it('accepts only a plain http(s) origin as the host to post to', () => {
    for (const origin of [
      'https://dana-homes.example',
      'http://127.0.0.1:5300',
      'http://[::1]:8080',
      'https://www.a-b.example',
    ]) {
      expect(hostOriginOf(origin), origin).toBe(origin);
    }
    for (const origin of [
      null,
      '',
      '*',
      'null',
      'javascript:alert(1)',
      'https://dana-homes.example/',
      'https://dana-homes.example/path',
      'https://user@dana-homes.example',
      'ftp://dana-homes.example',
      'https://dana-homes.example:99999999',
    ]) {
      expect(hostOriginOf(origin), String(origin)).toBeNull();
    }
  });

  it('writes the three snippets with the loader of this server and the agent or property', () => {
    const options = {
      origin: 'https://keyturn.example',
      target: { kind: 'agent', id: 'abc' } as const,
      color: '#0F766E',
    };
    expect(embedSnippet('inline', options)).toBe(
      '<div data-keyturn-agent="abc"></div>\n<script src="https://keyturn.example/embed.js" async></script>',
    );
    expect(embedSnippet('popup', { ...options, target: { kind: 'property', id: 'p"1' } })).toBe(
      '<button type="button" data-keyturn-open data-keyturn-property="p&quot;1">Schedule a showing</button>\n' +
        '<script src="https://keyturn.example/embed.js" async></script>',
    );
    expect(embedSnippet('button', options)).toBe(
      '<script src="https://keyturn.example/embed.js" data-keyturn-button data-keyturn-agent="abc" ' +
        'data-keyturn-color="#0F766E" async></script>',
    );
  });
});
