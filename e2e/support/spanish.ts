// Issue 43: a page in Spanish shows no English of ours. Two checks on the text a buyer reads (the page's
// innerText, with the agent's own words taken out — names, company, addresses, descriptions, instructions and
// notes are shown as written): (1) no English message of the catalogues (a fragment of two words or more between
// its placeholders, where the Spanish differs) appears; (2) none of the commonest English words appears — that
// catches a literal left in a component outside the catalogues.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { query } from './server.ts';

const I18N = path.resolve(import.meta.dirname, '../../packages/domain/src/i18n');

function catalogue(locale: 'en' | 'es'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of readdirSync(path.join(I18N, locale)).filter((f) => f.endsWith('.json'))) {
    const area = file.replace(/\.json$/, '');
    const messages = JSON.parse(readFileSync(path.join(I18N, locale, file), 'utf8')) as Record<
      string,
      string
    >;
    for (const [key, message] of Object.entries(messages)) out[`${area}.${key}`] = message;
  }
  return out;
}

/** The literal runs of an ICU message between its placeholders and plural/select syntax. */
function literalRuns(message: string): string[] {
  return message
    .split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g)
    .map((run) => run.replace(/[#{}]/g, ' ').replace(/\s+/g, ' ').trim())
    .filter((run) => run.split(' ').length >= 2);
}

/** The English runs the Spanish page must not show. */
export function englishRuns(): string[] {
  const english = catalogue('en');
  const spanish = catalogue('es');
  const runs = new Set<string>();
  for (const [id, message] of Object.entries(english)) {
    if (spanish[id] === message) continue;
    const theirs = new Set(literalRuns(spanish[id] ?? ''));
    for (const run of literalRuns(message)) if (!theirs.has(run)) runs.add(run);
  }
  return [...runs];
}

/** English words that no Spanish sentence of ours contains. */
const ENGLISH_WORDS =
  /\b(the|your|you|please|with|this|that|will|and|for|from|when|what|book|booking|time|date|here|more|have|has|are|was|our|cancel|confirm|choose|select|pick|back|next|loading|phone|email|name|message)\b/i;

/** The agent's own words on the demo and test data (shown as written in every language). */
export async function agentWords(): Promise<string[]> {
  const rows = await query<{ text: string | null }>(
    `select first_name || ' ' || last_name as text from agents
     union all select company_name from agents
     union all select first_name from agents union all select last_name from agents
     union all select address from properties union all select city from properties
     union all select state from properties union all select property_type from properties
     union all select instructions from property_showing_rules
     union all select client_name from bookings`,
  );
  return [...new Set(rows.map((r) => r.text?.trim()).filter((t): t is string => Boolean(t)))].sort(
    (a, b) => b.length - a.length,
  );
}

/** Fails naming the English a Spanish page shows (after the agent's own words are taken out). */
export async function expectNoEnglish(
  page: Page,
  words: string[],
  runs: string[],
  /** Only this part of the page (the accessibility statement's <main>: the marketing site around it is English). */
  root = 'body',
): Promise<void> {
  let text = await page.evaluate((selector) => {
    const clone = (document.querySelector(selector) ?? document.body).cloneNode(true) as HTMLElement;
    clone.querySelectorAll('[translate="no"], script, style, [lang="en"]').forEach((el) => el.remove());
    // innerText of a detached clone has no layout: textContent with each block's end as a line break.
    clone
      .querySelectorAll('p, li, h1, h2, h3, h4, label, button, a, td, th, dt, dd, option, legend, div')
      .forEach((el) => el.append('\n'));
    return clone.textContent ?? '';
  }, root);
  for (const word of words) text = text.split(word).join(' ');
  const shown = runs.filter((run) => text.includes(run));
  expect(shown, `English of the catalogues on ${page.url()}`).toEqual([]);
  const lines = text.split('\n').filter((line) => ENGLISH_WORDS.test(line));
  expect(lines, `English words on ${page.url()}`).toEqual([]);
}

/** One message of the catalogues ('booking.purposeTitle') in `locale`, its `{name}` placeholders filled. */
export function message(locale: 'en' | 'es', id: string, values: Record<string, string> = {}): string {
  const text = catalogue(locale)[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
