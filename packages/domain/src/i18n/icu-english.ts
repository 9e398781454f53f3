// A domain text read off the English catalogue with its plural and select arguments (issue 43, decision 096): one
// English copy. A domain function that the server and the dashboard call in English (a status word, the change
// cut-off sentence with its "1 hour"/"24 hours"…) formats the English catalogue's message here; the buyer's pages
// show the same key in their language through the web's runtime. The message arrives as written (ICU, on the
// server and in the domain's tests) or as the web build compiled it (Lingui's tokens, compile-catalogues.ts); both
// are read. Arguments, `plural` (English: =N, one, other, `#`) and `select` only. (english.ts's plainText and
// filledText do the plain and `{name}` cases; this one also the plural and select ones.)

type Token = string | [string] | [string, string, Record<string, Token[]>?];
type Values = Record<string, string | number | null | undefined>;

/** Lingui's compiled form of an ICU message (the subset above). */
function parse(text: string): Token[] {
  let i = 0;
  const until = (stops: string) => {
    const start = i;
    while (i < text.length && !stops.includes(text[i]!)) i++;
    return text.slice(start, i).trim();
  };
  const body = (inPlural: boolean): Token[] => {
    const out: Token[] = [];
    let chunk = '';
    const flush = () => {
      if (chunk) out.push(chunk);
      chunk = '';
    };
    while (i < text.length && text[i] !== '}') {
      const c = text[i]!;
      if (c === '{') {
        flush();
        i++;
        out.push(argument());
      } else if (c === '#' && inPlural) {
        flush();
        out.push('#');
        i++;
      } else {
        chunk += c;
        i++;
      }
    }
    flush();
    return out;
  };
  const argument = (): Token => {
    const name = until(',}');
    if (text[i] === '}') {
      i++;
      return [name];
    }
    i++;
    const type = until(',}');
    const branches: Record<string, Token[]> = {};
    if (text[i] === ',') {
      i++;
      for (;;) {
        const key = until('{}');
        if (text[i] !== '{') break;
        i++;
        branches[key] = body(type === 'plural');
        i++;
      }
    }
    i++;
    return [name, type, branches];
  };
  return body(false);
}

function render(tokens: readonly Token[], values: Values, count?: number): string {
  return tokens
    .map((token) => {
      if (typeof token === 'string') return token === '#' && count !== undefined ? String(count) : token;
      const [name, type, branches = {}] = token;
      const value = values[name];
      if (type === 'plural') {
        const n = Number(value);
        const branch =
          branches[`=${n}`] ??
          branches[String(n)] ??
          (n === 1 ? branches.one : undefined) ??
          branches.other ??
          [];
        return render(branch, values, n);
      }
      if (type === 'select') return render(branches[String(value)] ?? branches.other ?? [], values, count);
      return value === null || value === undefined ? '' : String(value);
    })
    .join('');
}

/** An English catalogue message (as written or compiled) with its placeholders' values. */
export function english(message: unknown, values: Values = {}): string {
  if (typeof message === 'string') return render(parse(message), values);
  if (Array.isArray(message)) return render(message as Token[], values);
  return '';
}
