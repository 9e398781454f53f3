// The first screen's rules without the custom properties nothing in the page reads (issue 48). Beasties keeps the
// rules whose selectors match the page, and it keeps what they stand on as it is: Tailwind's theme (every colour,
// size and font variable the whole app uses, on :root), its @property registrations and the fallback block that
// sets the same properties for browsers without @property. On a public page most of those are read by no kept
// rule: a quarter of the landing's inline CSS (6 of 32 KB, 0.9 KB Brotli) the phone downloaded and parsed before
// its first paint. The whole stylesheet still comes at the end of <body>, with every property, before the page's
// code runs; until then nothing can ask for the ones left out.
import postcss from 'postcss';

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

function referencesIn(text: string): string[] {
  return [...text.matchAll(VAR_REFERENCE)].map((match) => match[1] ?? '');
}

/**
 * `css` with the custom properties (declarations `--x: …` and `@property --x`) that no other declaration reads,
 * directly or through other custom properties, and no `var()` in `alsoRead` (the page's style attributes) reads.
 * Rules and at-rules left empty go too, but not @layer blocks (they order the cascade). Throws on CSS that does
 * not parse.
 */
export function withoutUnusedCustomProperties(css: string, alsoRead: string): string {
  const root = postcss.parse(css);
  const read = new Set(referencesIn(alsoRead));
  const definitions = new Map<string, string[]>();
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith('--')) {
      definitions.set(declaration.prop, [...(definitions.get(declaration.prop) ?? []), declaration.value]);
    } else {
      for (const name of referencesIn(declaration.value)) read.add(name);
    }
  });
  // A property read by a read property is read: --tw-ring-shadow's value reads --tw-ring-inset.
  const queue = [...read];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const value of definitions.get(name) ?? [])
      for (const next of referencesIn(value))
        if (!read.has(next)) {
          read.add(next);
          queue.push(next);
        }
  }
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith('--') && !read.has(declaration.prop)) declaration.remove();
  });
  root.walkAtRules('property', (rule) => {
    if (!read.has(rule.params.trim())) rule.remove();
  });
  // Innermost first: a rule emptied above, then the @supports block it was the last thing in. An @layer block
  // stays, empty or not: where a layer is first named sets its place in the cascade, and this style comes before
  // the whole stylesheet (Tailwind's `properties` layer, dropped here, would come after `utilities` and undo them).
  let removed = true;
  while (removed) {
    removed = false;
    root.walk((node) => {
      const block =
        node.type === 'rule' || (node.type === 'atrule' && node.name !== 'layer' && node.nodes !== undefined);
      if (block && node.nodes?.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
  return root.toString();
}

/** Pruned rules by their text and what the rest of the page reads: the booking page is composed per visit. */
const pruned = new Map<string, string>();
const KEPT_RESULTS = 64;

/**
 * The page with each <style> in its <head> cut by withoutUnusedCustomProperties. The page's style attributes and
 * its other <style> elements count as readers: a property one style defines and another reads stays.
 */
export function withUnusedCustomPropertiesLeftOut(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const attributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((match) => match[1]).join(';');
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
  let index = -1;
  const head = html.slice(0, headEnd).replace(/<style>([\s\S]*?)<\/style>/g, (element, css: string) => {
    index = styles.indexOf(css, index + 1);
    const alsoRead = [attributes, ...styles.filter((_, other) => other !== index)].join(';');
    const key = `${[...new Set(referencesIn(alsoRead))].sort().join(',')}\0${css}`;
    let out = pruned.get(key);
    if (out === undefined) {
      try {
        out = withoutUnusedCustomProperties(css, alsoRead);
      } catch {
        return element;
      }
      if (pruned.size >= KEPT_RESULTS) pruned.delete(pruned.keys().next().value ?? '');
      pruned.set(key, out);
    }
    return `<style>${out}</style>`;
  });
  return head + html.slice(headEnd);
}
