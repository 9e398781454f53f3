// The build's compiler of the domain's message catalogues (issue 43, decision 096): each
// packages/domain/src/i18n/<locale>/<area>.json is turned, as it is imported, into Lingui's compiled form
// (strings and placeholder tokens, still JSON), so the page runs Lingui's runtime without its ICU parser
// (~2.3 KB gzip instead of ~9). A message that does not parse fails the build, naming it.
import type { Plugin } from 'vite';
import { compileMessage } from '@lingui/message-utils/compileMessage';

const CATALOGUE = /[\\/]packages[\\/]domain[\\/]src[\\/]i18n[\\/](en|es)[\\/][\w-]+\.json$/;

export function compileCatalogues(): Plugin {
  return {
    name: 'keyturn-compile-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id.split('?')[0] ?? '')) return null;
      const source = JSON.parse(code) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(source)) {
        try {
          compiled[key] = compileMessage(message);
        } catch (error) {
          throw new Error(`${id}: "${key}" is not a valid ICU message: ${String(error)}`);
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
