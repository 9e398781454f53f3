// The one input boundary of the request pipeline (docs/architecture.md "Input boundary"). Every route —
// ours and better-auth's under /api/auth — passes through it before its own schema runs:
//  - JSON bodies are parsed here: at most JSON_BODY_LIMIT bytes and JSON_MAX_DEPTH levels of nesting,
//    and no `__proto__` / `constructor` keys (prototype pollution);
//  - every string of the body, the query and the path (keys too) must be text PostgreSQL can store: no NUL
//    character and no lone UTF-16 surrogate.
// A refusal is a 400 `{ error, code, fields }` naming the field. Numbers are bounded by their columns in the
// domain schemas (packages/domain/src/schemas/numbers.ts), dates by isoDateSchema.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export const JSON_BODY_LIMIT = 256 * 1024;
export const JSON_MAX_DEPTH = 32;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export const UNSTORABLE_TEXT_MESSAGE = 'Remove the invisible control characters from this text.';

/** A 400 for the whole body (no single field to blame). */
function bodyError(code: string, message: string): AppError {
  return new AppError(400, code, message, { body: message });
}

export function registerInputBoundary(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (_request, text, done) => {
      try {
        done(null, parseJsonBody(text as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
  app.addHook('preValidation', async (request) => {
    checkRequestText(request);
  });
}

/** JSON.parse behind a depth check made on the text itself, so a 6,000-deep body never reaches a recursion. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  const depth = maxDepth(text);
  if (depth > JSON_MAX_DEPTH) {
    throw bodyError(
      'BODY_TOO_DEEP',
      `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bodyError('INVALID_JSON', 'The request body is not valid JSON.');
  }
  return value;
}

/** Deepest bracket nesting outside string literals (linear scan, no recursion). */
function maxDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > JSON_MAX_DEPTH) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

function checkRequestText(request: FastifyRequest): void {
  // A Map, not an object: a field named "__proto__" must be recorded like any other.
  const fields = new Map<string, string>();
  for (const part of [request.params, request.query, request.body]) {
    if (part && typeof part === 'object') findBadText(part, [], fields);
    else if (typeof part === 'string' && !isStorableText(part)) note(fields, 'body', UNSTORABLE_TEXT_MESSAGE);
  }
  const [first] = fields.values();
  if (first !== undefined) {
    const code = first === UNSTORABLE_TEXT_MESSAGE ? 'INVALID_TEXT' : 'FORBIDDEN_KEY';
    throw new AppError(400, code, first, Object.fromEntries(fields));
  }
}

function note(fields: Map<string, string>, name: string, message: string): void {
  if (!fields.has(name)) fields.set(name, message);
}

/** Iterative walk (the depth is capped anyway) collecting one message per offending field path. */
function findBadText(root: object, rootPath: string[], fields: Map<string, string>): void {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: rootPath }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    const name = path.join('.') || 'body';
    if (typeof value === 'string') {
      if (!isStorableText(value)) note(fields, name, UNSTORABLE_TEXT_MESSAGE);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length > JSON_MAX_DEPTH) {
      note(fields, name, `Nested too deeply (at most ${JSON_MAX_DEPTH} levels).`);
      continue;
    }
    for (const key of Object.keys(value)) {
      const keyPath = [...path, key];
      if (!isStorableText(key)) {
        note(fields, keyPath.join('.'), UNSTORABLE_TEXT_MESSAGE);
        continue;
      }
      if (FORBIDDEN_KEYS.has(key)) {
        // Named by the object that holds it: a field called "__proto__" would not survive serialisation.
        note(fields, name, `"${key}" is not an accepted field name.`);
        continue;
      }
      stack.push({ value: (value as Record<string, unknown>)[key], path: keyPath });
    }
  }
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store in text/jsonb: well-formed UTF-16 (no lone surrogate) without NUL. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}
