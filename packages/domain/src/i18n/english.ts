// A domain text that lives in an English catalogue (issue 43): the domain's own English export (read by the
// server, the dashboard and the tests) is the catalogue's entry, not a second copy of the sentence. The web build
// compiles each catalogue as it is imported (apps/web/compile-catalogues.ts: a plain message becomes an array of
// its text parts), the server reads it as written: either way, one plain message (no placeholders) gives its text.
export function plainText(message: unknown): string {
  if (typeof message === 'string') return message.replace(/''/g, "'");
  if (Array.isArray(message) && message.every((part) => typeof part === 'string')) return message.join('');
  throw new TypeError(`Not a plain catalogue message: ${JSON.stringify(message)}`);
}

/**
 * One catalogue message with simple `{name}` placeholders filled in (no plural or select: those stay with the
 * runtimes), as written or as the web build compiled it: for a domain export whose English has a value in it.
 */
export function filledText(
  message: unknown,
  values: Record<string, string | number | null | undefined> = {},
): string {
  const value = (name: string) => String(values[name] ?? '');
  if (typeof message === 'string')
    return message.replace(/''/g, "'").replace(/\{(\w+)\}/g, (_, name: string) => value(name));
  if (Array.isArray(message))
    return message
      .map((part: unknown) => {
        if (typeof part === 'string') return part;
        if (Array.isArray(part) && part.length === 1 && typeof part[0] === 'string') return value(part[0]);
        throw new TypeError(`Not a simple catalogue message: ${JSON.stringify(message)}`);
      })
      .join('');
  throw new TypeError(`Not a catalogue message: ${JSON.stringify(message)}`);
}

/**
 * A catalogue message's English, plain or with simple `{name}` placeholders filled in (filledText): the name
 * some domain modules read their texts by.
 */
export const english = filledText;
