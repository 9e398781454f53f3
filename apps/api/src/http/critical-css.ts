// Only the rules the first screen uses in the page (issue 48, decisions 095 and 100). Beasties picks them: every
// selector of the stylesheet matched against the rendered document. That took 10–40 ms of the server's time for
// each booking page, most of the page's time to first byte, and the booking page is composed per visit. Which
// rules Beasties keeps depends only on what its selectors can see — the elements and their nesting, their classes
// and ids, the attributes a selector names, whether an element has text — not on the agent's name, the dates, the
// links or the photos. So the rules are kept per such outline of the page: the next page with the same outline (the
// same agent's page again, another agent's page on the same step) is put together without Beasties.
import { createHash } from 'node:crypto';
import Beasties from 'beasties';
import { withUnusedCustomPropertiesLeftOut } from './unused-css-variables';

/** A stylesheet link of the page's template. */
export const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/gi;

export function hrefOf(link: string): string | undefined {
  return /\bhref="([^"]+)"/i.exec(link)?.[1];
}

/** Attributes the selector engine's pseudo-classes test for (:disabled, :checked, :link, :required…). */
const PSEUDO_CLASS_ATTRIBUTES = [
  'disabled',
  'checked',
  'selected',
  'href',
  'open',
  'hidden',
  'required',
  'readonly',
  'placeholder',
];
/** …and those whose value they compare (:lang(es), :dir(rtl)). */
const PSEUDO_CLASS_VALUES = ['lang', 'dir'];

/** The attributes selectors name: with their value when one compares it, else only whether they are there. */
type NamedAttributes = { valued: ReadonlySet<string>; present: ReadonlySet<string> };

const ATTRIBUTE_SELECTOR = /\[\s*([\w:-]+)\s*(?:([~|^$*]?=)[^\]]*)?\]/g;

/** What `css`'s selectors ask of attributes (read from the whole text: a bracket in a value only adds a name). */
export function namedAttributes(css: string): NamedAttributes {
  const valued = new Set<string>(PSEUDO_CLASS_VALUES);
  const present = new Set<string>(PSEUDO_CLASS_ATTRIBUTES);
  for (const [, name = '', operator] of css.matchAll(ATTRIBUTE_SELECTOR))
    (operator ? valued : present).add(name.toLowerCase());
  for (const name of valued) present.delete(name);
  return { valued, present };
}

const RAW_TEXT = /<(script|style|textarea|title)\b([^>]*)>[\s\S]*?<\/\1>/gi;
const TAG = /<(\/?)([a-zA-Z][\w:-]*)([^>]*)>/g;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

/**
 * The page as its selectors see it: each element with its classes, id and the named attributes (by `named`), and
 * `x` where it has text; comments and the other attributes left out. Two pages with the same outline have the same
 * rules matched (a rule Beasties keeps depends on nothing else).
 */
export function selectorOutline(html: string, named: NamedAttributes): string {
  const tags = html.replace(/<!--[\s\S]*?-->/g, '').replace(RAW_TEXT, '<$1$2>x</$1>');
  let outline = '';
  let at = 0;
  for (const match of tags.matchAll(TAG)) {
    const index = match.index;
    if (/\S/.test(tags.slice(at, index))) outline += 'x';
    at = index + match[0].length;
    const [, closing, name = '', attributes = ''] = match;
    if (closing) {
      outline += `</${name.toLowerCase()}>`;
      continue;
    }
    const kept: string[] = [];
    for (const [, rawName = '', double, single, bare] of attributes.matchAll(ATTRIBUTE)) {
      const attribute = rawName.toLowerCase();
      const value = double ?? single ?? bare ?? '';
      if (attribute === 'class' || attribute === 'id' || named.valued.has(attribute))
        kept.push(`${attribute}=${JSON.stringify(value)}`);
      else if (named.present.has(attribute)) kept.push(attribute);
    }
    outline += `<${name.toLowerCase()}${kept.length ? ` ${kept.join(' ')}` : ''}>`;
  }
  if (/\S/.test(tags.slice(at))) outline += 'x';
  return outline;
}

/** One Beasties per web build folder; it reads the build's stylesheets from there (`/assets/…` → dist/assets). */
const critics = new Map<string, Beasties>();

function criticOf(webDist: string): Beasties {
  let critic = critics.get(webDist);
  if (!critic) {
    critic = new Beasties({
      path: webDist,
      publicPath: '/',
      // The one strategy without an inline script or onload attribute (the CSP allows neither).
      preload: 'body',
      // The build has no @font-face; React's own inline <style>s (none today) stay as rendered.
      fonts: false,
      reduceInlineStyles: false,
      // Rules behind :where() — Tailwind's space-y-*, divide-*, group-*/peer-* and a few of its base rules,
      // 36 rules, 0.9 KB gzip — are rules Beasties cannot match against the markup (it dropped the landing's
      // space-y-3: the rows moved when the stylesheet came); they all come along.
      allowRules: [/^:where\(/],
      logLevel: 'silent',
    });
    critics.set(webDist, critic);
  }
  return critic;
}

/** The rules kept per stylesheet, by build folder, stylesheets and page outline; the oldest go first. */
const keptRules = new Map<string, string[]>();
const KEPT_OUTLINES = 256;
const namedByStylesheet = new Map<string, NamedAttributes>();
let beastiesRuns = 0;

/** How many pages Beasties has read in this process (tests: a page with a known outline does not need it). */
export function criticalCssRuns(): number {
  return beastiesRuns;
}

/** Each cut stylesheet's first-screen rules for `marked` (null when Beasties's answer is not as expected). */
async function criticalRulesOf(
  marked: string,
  webDist: string,
  cut: { href: string; css: string }[],
): Promise<string[] | null> {
  const named = cut.map(({ css }) => {
    let spec = namedByStylesheet.get(css);
    if (!spec) {
      spec = namedAttributes(css);
      namedByStylesheet.set(css, spec);
    }
    return spec;
  });
  const valued = new Set(named.flatMap((spec) => [...spec.valued]));
  const present = new Set(named.flatMap((spec) => [...spec.present]).filter((name) => !valued.has(name)));
  const all: NamedAttributes = { valued, present };
  const outline = createHash('sha256').update(selectorOutline(marked, all)).digest('base64');
  const key = `${webDist}\0${cut.map(({ href }) => href).join('\0')}\0${outline}`;
  const hit = keptRules.get(key);
  if (hit) return hit;
  beastiesRuns++;
  const out = await criticOf(webDist).process(marked);
  // Beasties puts each cut stylesheet's rules in a <style> where its link was, in order.
  const rules = [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
  if (rules.length !== cut.length) return null;
  if (keptRules.size >= KEPT_OUTLINES) keptRules.delete(keptRules.keys().next().value ?? '');
  keptRules.set(key, rules);
  return rules;
}

/**
 * `html` with each stylesheet of its <head> that `styles` can carry (by href) cut to the rules its first screen
 * uses, in a <style> where the link was, and the link moved to the end of <body>, enabled: fetched beside the
 * modules, never in front of the first paint, applied before the load event, so a later step finds every rule. Of
 * the rules kept, the custom properties nothing reads go too. A stylesheet that stays a link (relative url()) or
 * has `</style` in it is left as it is, and so is a stylesheet link in the body (decision 102: where the page's
 * first screen ends); the rules of what follows it come in too, so a browser that shows it before that file has
 * arrived shows it styled. The rest of the page is not touched (React's markup as it rendered it). Null when no
 * stylesheet could be cut, the page has a <style> already, or anything fails: the caller puts the whole stylesheet
 * in.
 */
export async function withCriticalCss(
  html: string,
  webDist: string,
  styles: Record<string, string>,
): Promise<string | null> {
  if (/<style\b/i.test(html)) return null;
  const bodyAt = html.search(/<\/head>/i);
  if (bodyAt < 0) return null;
  const cut: { link: string; href: string; css: string }[] = [];
  const head = html.slice(0, bodyAt).replace(STYLESHEET_LINK, (link) => {
    const href = hrefOf(link);
    const css = href === undefined ? undefined : styles[href];
    if (href === undefined || css === undefined || /<\/style/i.test(css)) return skipped(link);
    cut.push({ link, href, css });
    return link;
  });
  if (cut.length === 0) return null;
  const marked = head + html.slice(bodyAt).replace(STYLESHEET_LINK, skipped);
  try {
    const rules = await criticalRulesOf(marked, webDist, cut);
    if (!rules) return null;
    let page = html;
    cut.forEach(({ link }, i) => {
      page = page.replace(link, () => `<style>${rules[i] ?? ''}</style>`);
    });
    page = page.replace(/<\/body>/i, () => `${cut.map(({ link }) => link).join('')}</body>`);
    return withUnusedCustomPropertiesLeftOut(page);
  } catch {
    return null;
  }
}

/** A link Beasties leaves as it is. */
function skipped(link: string): string {
  return link.replace(/\s*\/?>$/, ' data-beasties-skip>');
}
